cmake_minimum_required(VERSION 3.25)
# tercio run --random: seeded random legal play to nightfall between the armies, with all of
# combat happening. Variables: TERCIO (binary).
function(play red blue seed)
  execute_process(COMMAND ${TERCIO} run --red ${red} --blue ${blue} --seed ${seed} --random ${seed}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${red} v ${blue}, seed ${seed}: exit ${rc}\n${err}")
  endif()
  string(FIND "${out}" "Game over (nightfall)" at)
  if(at EQUAL -1)
    string(LENGTH "${out}" n)
    math(EXPR from "${n} - 400")
    string(SUBSTRING "${out}" ${from} -1 tail)
    message(FATAL_ERROR "${red} v ${blue}, seed ${seed}: the game did not reach nightfall:\n${tail}")
  endif()
  set(OUT "${out}" PARENT_SCOPE)
endfunction()

# Every army on each side once.
set(armies french italian spanish imperialist ottoman moorish french)
foreach(i RANGE 0 5)
  math(EXPR j "${i} + 1")
  list(GET armies ${i} red)
  list(GET armies ${j} blue)
  play(${red} ${blue} 1)
endforeach()

# One game in words: shooting, melee, rally and rout all happen.
play(french spanish 1)
foreach(text " shoots " " attacks " " rallies " "becomes Routed" "> shoot " "> rally ")
  string(FIND "${OUT}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "french v spanish, seed 1: expected '${text}' in the game")
  endif()
endforeach()
