# Hanabi's clue probe (clue_probe.py; README.md, "Does mcts act on a clue?"): on the first
# 10 seeds whose deal gives Bill a single 1, the game is played down to the deck's last
# card with every firework empty, saved, and resumed with the mcts bot in Bill's seat. Told
# "1", it must play that card, now certainly playable, on all 10; told another rank, it
# may play the card it cannot know on at most 5. Driven through the JSON door.
add_test(NAME probe.hanabi.clue
         COMMAND ${CMAKE_SOURCE_DIR}/rulesets/hanabi/clue_probe.py ${ARBITER} --phase end --seeds 10 --max-blind 5
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(probe.hanabi.clue PROPERTIES TIMEOUT 300)
