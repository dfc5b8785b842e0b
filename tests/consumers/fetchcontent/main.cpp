#include <tengen/tengen.hpp>

int main() {
    return 0;
}
