cmake_minimum_required(VERSION 3.25)
# tercio play and tercio replay refuse a terminal that cannot place text on the screen (TERM=dumb,
# TERM unset or empty) before taking it over: exit 2, a message saying why and what to do, nothing
# written to standard output and no save started. Variables: TERCIO (binary), SRC (source root),
# WORK (a scratch directory).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# refused(<label> <text expected on stderr> ENV <cmake -E env arguments> ARGS <tercio arguments>)
function(refused label expect)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "ENV;ARGS")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ${arg_ENV} ${TERCIO} ${arg_ARGS}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "${label}: exit ${rc}, expected 2 (usage)\nstdout: ${out}\nstderr: ${err}")
  endif()
  string(FIND "${err}" "${expect}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${label}: expected '${expect}' on standard error, got:\n${err}")
  endif()
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "${label}: the screen was written to before refusing:\n${out}")
  endif()
  file(GLOB_RECURSE made LIST_DIRECTORIES false "${WORK}/*")
  if(made)
    message(FATAL_ERROR "${label}: files were created under the save directory: ${made}")
  endif()
endfunction()

set(play play --vs random --save-dir ${WORK})
set(why "cannot place text on the screen")
set(todo "run it in a full-screen terminal such as xterm")

# TERM=dumb: a terminfo entry without cursor addressing (cup).
refused("play, TERM=dumb" "tercio play: this terminal (TERM=dumb) ${why}" ENV TERM=dumb ARGS ${play})
refused("play, TERM=dumb: what to do" "${todo}" ENV TERM=dumb ARGS ${play})
refused("play, TERM=dumb: the plain mode" "tercio play --plain" ENV TERM=dumb ARGS ${play})
# TERM unset or empty: curses would fall back to "unknown".
refused("play, TERM unset" "tercio play: TERM is not set" ENV --unset=TERM ARGS ${play})
refused("play, TERM unset: what to do" "TERM=xterm-256color" ENV --unset=TERM ARGS ${play})
refused("play, TERM empty" "tercio play: TERM is not set" ENV TERM= ARGS ${play})
# A type the terminfo database does not know.
refused("play, unknown TERM" "is unknown here" ENV TERM=no-such-terminal-tercio ARGS ${play})

# tercio replay opens the same screen, after reading the save.
set(save ${SRC}/fuzz/save-corpus/french-spanish-12.save)
refused("replay, TERM=dumb" "tercio replay: this terminal (TERM=dumb) ${why}" ENV TERM=dumb ARGS replay ${save})
refused("replay, TERM unset" "tercio replay: TERM is not set" ENV --unset=TERM ARGS replay ${save})
