# `tercio check X.toml`, run inside tests/data/bad for every corpus file, must exit 65 and print
# exactly the lines of X.expected on stderr (and nothing on stdout). Also checks a generated file
# over 1 MiB, which is not committed.
#
# Variables: TERCIO (the binary), SRC (the source root).
cmake_minimum_required(VERSION 3.25)
foreach(var TERCIO SRC)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_bad_files.cmake needs -D${var}=...")
  endif()
endforeach()

set(bad_dir "${SRC}/tests/data/bad")
file(GLOB tomls RELATIVE "${bad_dir}" "${bad_dir}/*.toml")
list(SORT tomls)
list(LENGTH tomls count)
if(count LESS 20)
  message(FATAL_ERROR "expected at least 20 bad files in ${bad_dir}, found ${count}")
endif()

set(failures "")

# Runs `tercio check NAME` in DIR and compares with EXPECTED (the whole stderr text).
function(check_one dir name expected)
  execute_process(
    COMMAND "${TERCIO}" check "${name}"
    WORKING_DIRECTORY "${dir}"
    RESULT_VARIABLE rc
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err)
  set(problems "")
  if(NOT rc STREQUAL "65")
    string(APPEND problems "  exit status ${rc}, expected 65\n")
  endif()
  if(NOT out STREQUAL "")
    string(APPEND problems "  unexpected stdout:\n${out}")
  endif()
  if(NOT err STREQUAL expected)
    string(APPEND problems "  stderr was:\n${err}  expected:\n${expected}")
  endif()
  if(problems)
    set(failures "${failures}${name}:\n${problems}" PARENT_SCOPE)
  endif()
endfunction()

foreach(name IN LISTS tomls)
  string(REGEX REPLACE "\\.toml$" ".expected" expected_name "${name}")
  if(NOT EXISTS "${bad_dir}/${expected_name}")
    string(APPEND failures "${name}: no ${expected_name} beside it\n")
    continue()
  endif()
  file(READ "${bad_dir}/${expected_name}" expected)
  if(expected STREQUAL "")
    string(APPEND failures "${name}: ${expected_name} is empty\n")
    continue()
  endif()
  check_one("${bad_dir}" "${name}" "${expected}")
endforeach()

# A real army list padded with comment lines to one byte over the 1 MiB limit.
set(tmp "${CMAKE_CURRENT_BINARY_DIR}/check_bad_files.tmp")
file(REMOVE_RECURSE "${tmp}")
file(MAKE_DIRECTORY "${tmp}")
file(READ "${SRC}/data/rulesets/pikette-squared/armies/spanish.toml" text)
set(size 1048577)
string(LENGTH "${text}" have)
math(EXPR lines "(${size} - ${have} - 1) / 80")
string(REPEAT "=" 77 bar)
string(REPEAT "# ${bar}\n" ${lines} padding)
string(APPEND text "${padding}")
string(LENGTH "${text}" have)
math(EXPR rest "${size} - ${have} - 2")
string(REPEAT "=" ${rest} tail)
string(APPEND text "#${tail}\n")
file(WRITE "${tmp}/huge.toml" "${text}")
file(SIZE "${tmp}/huge.toml" written)
if(NOT written EQUAL size)
  message(FATAL_ERROR "generated huge.toml has ${written} bytes, wanted ${size}")
endif()
check_one("${tmp}" "huge.toml"
          "huge.toml:1:1: file is too large (1048577 bytes; the limit is 1048576)\n")
file(REMOVE_RECURSE "${tmp}")

if(failures)
  message(FATAL_ERROR "bad data files not reported as expected:\n${failures}")
endif()
math(EXPR total "${count} + 1")
message(STATUS "${total} bad files reported as expected")
