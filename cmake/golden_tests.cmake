# Golden playthroughs: every file rulesets/<id>/golden/<name>.txt is one CTest entry,
# golden.<id>.<name>, that runs the `arbiter playthrough` command on the file's first line and
# compares its output with the rest (tests/golden/diff_test.sh). tools/golden/regenerate.sh (or
# `make golden`) writes the files. A ruleset folder with no golden file is an entry that fails,
# so that a new ruleset is not left out unseen; the test script's own refusals are tested too
# (tests/golden/script_test.sh).
file(GLOB GOLDEN_RULESET_DIRS LIST_DIRECTORIES true CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/rulesets/*)
foreach(dir ${GOLDEN_RULESET_DIRS})
  if(NOT EXISTS ${dir}/game.yaml)
    continue()
  endif()
  get_filename_component(id ${dir} NAME)
  file(GLOB golden_files CONFIGURE_DEPENDS ${dir}/golden/*.txt)
  if(NOT golden_files)
    add_test(NAME golden.${id}.missing
             COMMAND sh -c "echo 'rulesets/${id} has no golden playthroughs: run tools/golden/regenerate.sh'; exit 1")
  endif()
  foreach(file ${golden_files})
    get_filename_component(name ${file} NAME_WE)
    add_test(NAME golden.${id}.${name}
             COMMAND ${CMAKE_SOURCE_DIR}/tests/golden/diff_test.sh $<TARGET_FILE:arbiter> ${file}
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(golden.${id}.${name} PROPERTIES TIMEOUT 120)
  endforeach()
endforeach()

# The comparison refuses what is not a golden file, and names the step where a game parts
# from its file.
add_test(NAME golden.script_refuses_malformed
         COMMAND ${CMAKE_SOURCE_DIR}/tests/golden/script_test.sh $<TARGET_FILE:arbiter> ${CMAKE_SOURCE_DIR}
                 ${CMAKE_BINARY_DIR})
# Each file is the game `arbiter sim` plays with the same options and seed, as `playthrough
# --help` promises: the same line of play, length and winners.
add_test(NAME golden.same_games_as_sim
         COMMAND ${CMAKE_SOURCE_DIR}/tests/golden/same_game_as_sim.py $<TARGET_FILE:arbiter> ${CMAKE_SOURCE_DIR})
