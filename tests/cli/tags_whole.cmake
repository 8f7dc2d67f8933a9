cmake_minimum_required(VERSION 3.25)
# Every rule tag of a test is whole inside one string literal. C++ joins "[HBL-" "TV-5]" into one
# tag, so the test still runs, but the rule counts read the sources (tests/UNTESTED.md's grep), and
# a tag split by a formatter is then counted as untested. Variables: SRC (the source tree).
file(GLOB_RECURSE sources "${SRC}/tests/*.cpp")
set(bad "")
foreach(f IN LISTS sources)
  # A literal that ends inside a tag: an opening '[' with no ']' before the closing quote.
  file(STRINGS "${f}" lines REGEX "\\[[A-Za-z0-9-]*\"[ \t]*\\)?[ \t]*,?[ \t]*$")
  foreach(line IN LISTS lines)
    string(APPEND bad "${f}: ${line}\n")
  endforeach()
endforeach()
if(NOT bad STREQUAL "")
  message(FATAL_ERROR "rule tags split across string literals (keep each [ID] in one literal):\n${bad}")
endif()
