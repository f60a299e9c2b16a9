# arbiter_catch_tests(TARGET [PREFIX p] [WORKING_DIRECTORY d] [PROPERTIES ...]): one CTest entry
# per Catch2 test case of TARGET, listed after each build by cmake/catch_add_tests.cmake.
#
# Catch2's own catch_discover_tests splits a test case named with ';' into two entries and passes
# a '\' to Catch2 unescaped, so each half names nothing, runs nothing and passes. Here a name is
# kept whole, every character of it that Catch2's test spec reads is escaped, and each entry runs
# with '--warn NoTests', so an entry that matches no test case fails instead of passing.
# tests/ctest_guard/ checks that every test case runs under exactly one entry.
function(arbiter_catch_tests TARGET)
  cmake_parse_arguments(ARG "" "PREFIX;WORKING_DIRECTORY" "PROPERTIES" ${ARGN})
  if(NOT ARG_WORKING_DIRECTORY)
    set(ARG_WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${TARGET}_ctest_include.cmake")
  set(tests_file "${CMAKE_CURRENT_BINARY_DIR}/${TARGET}_ctest_entries.cmake")
  add_custom_command(
    TARGET ${TARGET} POST_BUILD
    BYPRODUCTS "${tests_file}"
    COMMAND "${CMAKE_COMMAND}"
            -D "TEST_EXECUTABLE=$<TARGET_FILE:${TARGET}>"
            -D "TEST_WORKING_DIR=${ARG_WORKING_DIRECTORY}"
            -D "TEST_PREFIX=${ARG_PREFIX}"
            -D "TEST_PROPERTIES=${ARG_PROPERTIES}"
            -D "CTEST_FILE=${tests_file}"
            -P "${CMAKE_SOURCE_DIR}/cmake/catch_add_tests.cmake"
    VERBATIM)
  # Before the first build there is no list: one entry says so and fails.
  file(WRITE "${include_file}"
    "if(EXISTS \"${tests_file}\")\n"
    "  include(\"${tests_file}\")\n"
    "else()\n"
    "  add_test(${TARGET}_NOT_BUILT ${TARGET}_NOT_BUILT)\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
