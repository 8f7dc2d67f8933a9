cmake_minimum_required(VERSION 3.25)
# tercio run end to end. Variables: TERCIO (binary), SRC (source root), WORK (scratch directory).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(D ${SRC}/tests/cli/run)
function(run expect_rc)
  execute_process(COMMAND ${TERCIO} run ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expect_rc)
    message(FATAL_ERROR "tercio run ${ARGN}: exit ${rc}, expected ${expect_rc}\n${out}${err}")
  endif()
  set(OUT "${out}" PARENT_SCOPE)
  set(ERR "${err}" PARENT_SCOPE)
endfunction()
function(expect text where)
  string(FIND "${where}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${text}' in:\n${where}")
  endif()
endfunction()

# A fresh game: set-up rolls, deployment and the first initiative, in words.
run(0 --red french --blue spanish --seed 7 --commands ${D}/opening.txt --out ${WORK}/p1.toml)
expect("A (French) upgrade roll d6:" "${OUT}")
expect("Nightfall roll" "${OUT}")
expect("Initiative: A rolls" "${OUT}")
expect("deploys at" "${OUT}")

# Stopping, saving the position and going on from it gives the same game as one run.
run(0 --position ${WORK}/p1.toml --commands ${D}/play.txt --out ${WORK}/p2.toml)
file(READ ${D}/opening.txt a)
file(READ ${D}/play.txt b)
file(WRITE ${WORK}/both.txt "${a}${b}")
run(0 --red french --blue spanish --seed 7 --commands ${WORK}/both.txt --out ${WORK}/p3.toml)
file(READ ${WORK}/p2.toml p2)
file(READ ${WORK}/p3.toml p3)
if(NOT p2 STREQUAL p3)
  message(FATAL_ERROR "resuming from a position gave a different game")
endif()
execute_process(COMMAND ${TERCIO} check ${WORK}/p2.toml RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tercio check refused a position tercio run wrote")
endif()

# --legal lists what the side to decide may do.
run(0 --position ${WORK}/p1.toml --legal)
expect("first\n" "${OUT}")
expect("second\n" "${OUT}")

# An illegal command stops the run with exit 1, and --out holds the position before it.
run(1 --red french --blue spanish --seed 7 --commands ${D}/illegal.txt --out ${WORK}/before.toml)
expect("line 4: deploy K1 a1 N: " "${ERR}")
file(WRITE ${WORK}/three.txt "terrain pass\nterrain pass\ndeploy auto\n")
run(0 --red french --blue spanish --seed 7 --commands ${WORK}/three.txt --out ${WORK}/three.toml)
file(READ ${WORK}/before.toml x)
file(READ ${WORK}/three.toml y)
if(NOT x STREQUAL y)
  message(FATAL_ERROR "--out after an illegal command is not the position before it")
endif()

# A command that does not parse is reported the same way.
file(WRITE ${WORK}/bad.txt "terrain pass\nfly to the moon\n")
run(1 --red french --blue spanish --commands ${WORK}/bad.txt)
expect("line 2: fly to the moon: unknown command 'fly'" "${ERR}")

# Scripted dice that run out name the roll.
run(1 --red french --blue spanish --dice d6:1,d6:1 --commands ${D}/opening.txt)
expect("set-up: dice: scripted dice ran out: roll 3 asked for a d6 (army upgrade)" "${ERR}")

# A broken position file is bad data (65) with file:line:column; a missing one is 66.
file(WRITE ${WORK}/broken.toml "schema_version = 1\nkind = \"position\"\nruleset = 7\n")
run(65 --position ${WORK}/broken.toml)
expect("broken.toml:3:" "${ERR}")
run(66 --position ${WORK}/nope.toml)
# Unknown armies are reported, not crashed on.
run(65 --red french --blue martians)
expect("martians" "${ERR}")
# A file of commands that is a directory or an endless device is refused, never read as an
# empty list (which ended the run with exit 0 and nothing said).
run(74 --red french --blue spanish --seed 7 --commands ${WORK})
expect("--commands ${WORK}: is a directory" "${ERR}")
run(74 --red french --blue spanish --seed 7 --commands /dev/zero)
expect("--commands /dev/zero: file is too large" "${ERR}")
run(66 --red french --blue spanish --seed 7 --commands ${WORK}/no-such-file.txt)
expect("--commands ${WORK}/no-such-file.txt: No such file or directory" "${ERR}")

# A bad line is shown once, its escape sequences and other control bytes as \xNN: a file of
# commands cannot set the terminal's title (ESC ] 0 ; ... BEL) or send it anything else. In both
# rulesets (their reasons quote the line, or part of it, in their own ways).
string(ASCII 27 esc)
string(ASCII 7 bel)
function(shown_once text where)
  string(FIND "${where}" "${text}" first)
  string(FIND "${where}" "${text}" last REVERSE)
  if(first EQUAL -1 OR NOT first EQUAL last)
    message(FATAL_ERROR "expected '${text}' once in:\n${where}")
  endif()
  string(FIND "${where}" "${esc}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "an ESC byte on standard error:\n${where}")
  endif()
endfunction()
file(WRITE ${WORK}/escape.txt "terrain pass\n${esc}]0;pwned${bel}\n")
run(1 --red french --blue spanish --seed 7 --commands ${WORK}/escape.txt)
expect("line 2: " "${ERR}")
shown_once("\\x1b]0;pwned\\x07" "${ERR}")
file(WRITE ${WORK}/escape-words.txt "terrain pass\nshoot ${esc}]0;pwned${bel} b4\n")
run(1 --red french --blue spanish --seed 7 --commands ${WORK}/escape-words.txt)
shown_once("shoot \\x1b]0;pwned\\x07 b4" "${ERR}")
file(WRITE ${WORK}/escape-hbl.txt "${esc}]0;pwned${bel}\n")
run(1 --ruleset hell-broke-loose --red french --blue ottoman --seed 7 --commands ${WORK}/escape-hbl.txt)
expect("line 1: " "${ERR}")
shown_once("\\x1b]0;pwned\\x07" "${ERR}")
file(REMOVE_RECURSE ${WORK})


# --red-ai / --blue-ai: the computer plays a side whenever it decides, its commands after "> ".
run(0 --red french --blue spanish --seed 4 --blue-ai easy --random 4)
expect("Game over (nightfall)" "${OUT}")
run(0 --red french --blue spanish --seed 4 --red-ai normal --blue-ai normal)
expect("\n> " "${OUT}")
expect("Game over (nightfall)" "${OUT}")
set(both "${OUT}")
run(0 --red french --blue spanish --seed 4 --red-ai normal --blue-ai normal)
if(NOT both STREQUAL OUT)
  message(FATAL_ERROR "the computer played another game from the same seed")
endif()
run(2 --red french --blue spanish --red-ai genius)
expect("--red-ai: no level \"genius\" for pikette-squared (random, easy, normal, hard or expert)" "${ERR}")
