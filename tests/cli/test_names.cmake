cmake_minimum_required(VERSION 3.25)
# ctest splits test names at ';', so a Catch2 test named with one would silently never run.
# Variables: TESTS (a test executable: tercio_tests or tercio_rules_tests).
execute_process(COMMAND ${TESTS} --list-test-names-only OUTPUT_VARIABLE names RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 AND NOT rc GREATER 0)
  message(FATAL_ERROR "${TESTS} --list-test-names-only failed: ${rc}")
endif()
string(FIND "${names}" ";" at)
if(NOT at EQUAL -1)
  string(SUBSTRING "${names}" ${at} 200 near)
  message(FATAL_ERROR "a test name contains ';' (ctest would split it and never run it), near: ${near}")
endif()
