// Placeholder for the guided tour of the library.
#include <tengen/tengen.hpp>

int main() {
    return 0;
}
