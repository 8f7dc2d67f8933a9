# `tercio check` on every shipped ruleset and army list must exit 0, print "FILE: ok (KIND)" for
# each on stdout and nothing on stderr.
#
# Variables: TERCIO (the binary), SRC (the source root).
cmake_minimum_required(VERSION 3.25)
foreach(var TERCIO SRC)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_shipped_data.cmake needs -D${var}=...")
  endif()
endforeach()

# Each ruleset is a folder, rulesets/<id>/ruleset.toml, its armies in rulesets/<id>/armies/.
file(GLOB rulesets "${SRC}/data/rulesets/*/ruleset.toml")
file(GLOB armies "${SRC}/data/rulesets/*/armies/*.toml")
# And each ruleset's rules text, rulesets/<id>/rules.toml.
file(GLOB rules "${SRC}/data/rulesets/*/rules.toml")
list(SORT rules)
list(SORT rulesets)
list(SORT armies)
list(LENGTH rulesets ruleset_count)
list(LENGTH armies army_count)
# PS-ARMY-7 .. PS-ARMY-13: the six army lists with statistics; and Hell Broke Loose's six.
if(ruleset_count LESS 2 OR army_count LESS 12)
  message(FATAL_ERROR "expected at least 2 rulesets and 12 armies under ${SRC}/data, "
                      "found ${ruleset_count} and ${army_count}")
endif()

set(failures "")

# All files in one run: the exit status is the worst of them.
execute_process(
  COMMAND "${TERCIO}" check ${rulesets} ${armies} ${rules}
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
if(NOT rc STREQUAL "0")
  string(APPEND failures "exit status ${rc}, expected 0\n")
endif()
if(NOT err STREQUAL "")
  string(APPEND failures "stderr:\n${err}")
endif()
set(expected_out "")
foreach(f IN LISTS rulesets)
  string(APPEND expected_out "${f}: ok (ruleset)\n")
endforeach()
foreach(f IN LISTS armies)
  string(APPEND expected_out "${f}: ok (army)\n")
endforeach()
foreach(f IN LISTS rules)
  string(APPEND expected_out "${f}: ok (rules)\n")
endforeach()
if(NOT out STREQUAL expected_out)
  string(APPEND failures "stdout was:\n${out}expected:\n${expected_out}")
endif()

# And each file on its own, by a relative name from the data directory.
foreach(f IN LISTS rulesets armies rules)
  file(RELATIVE_PATH rel "${SRC}/data" "${f}")
  if(rel MATCHES "/ruleset\\.toml$")
    set(kind ruleset)
  elseif(rel MATCHES "/rules\\.toml$")
    set(kind rules)
  else()
    set(kind army)
  endif()
  execute_process(
    COMMAND "${TERCIO}" check "${rel}"
    WORKING_DIRECTORY "${SRC}/data"
    RESULT_VARIABLE rc
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err)
  if(NOT rc STREQUAL "0" OR NOT err STREQUAL "" OR NOT out STREQUAL "${rel}: ok (${kind})\n")
    string(APPEND failures "${rel}: exit ${rc}\n${out}${err}")
  endif()
endforeach()

if(failures)
  message(FATAL_ERROR "shipped data does not check clean:\n${failures}")
endif()
list(LENGTH rules rules_count)
if(NOT rules_count EQUAL ruleset_count)
  message(FATAL_ERROR "every ruleset needs its rules text: ${ruleset_count} rulesets, ${rules_count} rules.toml")
endif()
math(EXPR total "${ruleset_count} + ${army_count} + ${rules_count}")
message(STATUS "${total} shipped data files check clean")
