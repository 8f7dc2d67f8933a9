cmake_minimum_required(VERSION 3.25)
# cmake --install into a scratch prefix; the installed tercio finds its data in share/tercio,
# the man page lands in share/man/man6 and the server's examples in share/doc/tercio/examples.
# Variables: BUILD (build tree), SCRATCH (directory).
file(REMOVE_RECURSE ${SCRATCH})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${SCRATCH}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install failed: ${err}")
endif()
foreach(f bin/tercio share/tercio/rulesets/pikette-squared/ruleset.toml
          share/tercio/rulesets/pikette-squared/armies/french.toml
          share/tercio/rulesets/pikette-squared/rules.toml share/tercio/rulesets/hell-broke-loose/rules.toml
          share/man/man6/tercio.6 share/doc/tercio/examples/tercio.conf)
  if(NOT EXISTS ${SCRATCH}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
# Run the installed copy from elsewhere, with no build tree beside it.
execute_process(COMMAND ${SCRATCH}/bin/tercio check ${SCRATCH}/share/tercio/rulesets/pikette-squared/armies/spanish.toml
                WORKING_DIRECTORY ${SCRATCH} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "installed tercio check failed (${rc}): ${out}${err}")
endif()
file(REMOVE_RECURSE ${SCRATCH})
