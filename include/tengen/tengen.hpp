#pragma once
/// Umbrella header: includes every public tengen header.
