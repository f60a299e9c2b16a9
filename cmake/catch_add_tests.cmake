# Run as `cmake -P` after a Catch2 test binary is built: lists its test cases and writes a CTest
# file (CTEST_FILE) with one entry per test case. Takes TEST_EXECUTABLE, TEST_WORKING_DIR,
# TEST_PREFIX and TEST_PROPERTIES (a list of property names and values for every entry).

execute_process(
  COMMAND "${TEST_EXECUTABLE}" --list-test-names-only
  OUTPUT_VARIABLE output
  RESULT_VARIABLE result
  WORKING_DIRECTORY "${TEST_WORKING_DIR}")
# Catch2 exits with the number of test cases listed; below 0 (or a text) is a failure to run.
if(NOT result MATCHES "^[0-9]+$")
  message(FATAL_ERROR "'${TEST_EXECUTABLE}' could not list its test cases: ${result}\n${output}")
endif()

# A CMake list is text split at ';', so a ';' in a name is held as the unit separator (0x1f)
# until the name is written out.
string(ASCII 31 unit)
string(REPLACE ";" "${unit}" output "${output}")
string(REPLACE "\n" ";" lines "${output}")

# quoted(OUT TEXT): TEXT as one CMake bracket argument, whatever it holds.
function(quoted out text)
  set(eq "=")
  while(text MATCHES "]${eq}]")
    string(APPEND eq "=")
  endwhile()
  set(${out} "[${eq}[${text}]${eq}]" PARENT_SCOPE)
endfunction()

# Catch2's test spec reads '\' as an escape, ',' between names, '[' as a tag, '"' as a quote,
# a leading '~' as "not" and leading spaces as nothing: a '\' before every character other than
# a letter or digit makes the spec match the name and nothing else.
function(spec_of out name)
  string(REGEX REPLACE "([^A-Za-z0-9])" "\\\\\\1" escaped "${name}")
  set(${out} "${escaped}" PARENT_SCOPE)
endfunction()

set(script "")
set(props "")
foreach(p IN LISTS TEST_PROPERTIES)
  quoted(q "${p}")
  string(APPEND props " ${q}")
endforeach()
quoted(exe "${TEST_EXECUTABLE}")
quoted(wd "${TEST_WORKING_DIR}")
foreach(line IN LISTS lines)
  if(line STREQUAL "")
    continue()
  endif()
  string(REPLACE "${unit}" ";" name "${line}")
  # Catch2 reads these as a pattern whatever is escaped: no spec selects such a name alone.
  string(TOLOWER "${name}" lower)
  if(lower MATCHES "^ *exclude:" OR name MATCHES "^ *[*]" OR name MATCHES "[*] *$")
    message(FATAL_ERROR "'${TEST_EXECUTABLE}': the test case '${name}' cannot be run alone: "
                        "Catch2 reads a name that begins with 'exclude:' or begins or ends "
                        "with '*' as a pattern; rename it")
  endif()
  spec_of(spec "${name}")
  quoted(entry "${TEST_PREFIX}${name}")
  quoted(spec "${spec}")
  string(APPEND script "add_test(${entry} ${exe} ${spec} --warn NoTests)\n")
  string(APPEND script "set_tests_properties(${entry} PROPERTIES WORKING_DIRECTORY ${wd}${props})\n")
endforeach()
file(WRITE "${CTEST_FILE}" "${script}")
