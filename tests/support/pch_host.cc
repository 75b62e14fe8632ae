// The translation unit that makes the tests' precompiled header (tests/CMakeLists.txt); the
// program it links is never run.
#include <gtest/gtest.h>

TEST(PrecompiledHeaderHost, Builds) { SUCCEED(); }
