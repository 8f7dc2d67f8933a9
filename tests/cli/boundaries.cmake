cmake_minimum_required(VERSION 3.25)
# Library boundaries hold in the build: code that links the rules library sees its public headers
# and not its internals, and a library it does not link is not there at all.
# Variables: CXX (the compiler), BUILD (the build directory), WORK (a scratch directory).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(flags -std=c++20 -fsyntax-only -I${BUILD}/include/tercio_rules -I${BUILD}/include/tercio_core)

# compiles(<label> <header> <TRUE|FALSE>)
function(compiles label header expected)
  file(WRITE ${WORK}/probe.cpp "#include \"${header}\"\nint main() { return 0; }\n")
  execute_process(COMMAND ${CXX} ${flags} ${WORK}/probe.cpp RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(expected AND NOT rc EQUAL 0)
    message(FATAL_ERROR "${label}: \"${header}\" should compile against the rules library:\n${err}")
  elseif(NOT expected AND rc EQUAL 0)
    message(FATAL_ERROR "${label}: \"${header}\" should not be reachable through the rules library")
  endif()
endfunction()

compiles("public header" "rules/game.hpp" TRUE)
compiles("core through rules" "core/dice.hpp" TRUE)
compiles("the engine's internals" "rules/engine_detail.hpp" FALSE)
compiles("a library not linked" "ai/player.hpp" FALSE)
compiles("the data layer's internals" "data/toml_reader.hpp" FALSE)
