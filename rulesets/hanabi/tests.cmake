# Hanabi's clue probe (clue_probe.py, README "Does mcts act on a clue?"): on 10 seeds whose
# deal gives Bill a single 1, Andy clues "1" and the mcts bot in Bill's seat must play that
# card, now certainly playable, every time; told another rank instead, it may play the
# unknown card on at most 3 of the seeds. Run through the JSON door (arbiter play --json).
add_test(NAME probe.hanabi.clue
         COMMAND ${CMAKE_SOURCE_DIR}/rulesets/hanabi/clue_probe.py ${ARBITER} --seeds 10 --max-blind 3
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(probe.hanabi.clue PROPERTIES TIMEOUT 600)
