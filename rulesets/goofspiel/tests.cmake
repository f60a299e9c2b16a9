# Goofspiel's tree against an independent count (README.md, "The tree, checked"): nodes per
# ply (a joint bid or a random turn-up) and the finished games by result, for 3, 4 and 5
# cards, every prize order and both tie rules. 4 cards: 4!^2 = 576 finished games with fixed
# prizes, 576 x 4! = 13,824 with random ones.
add_test(NAME perft.goofspiel.3-ascending-discard
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=3 --set prizes=ascending --set ties=discard
                 --depth 3 --expect 9,36,36 --expect-ended Andy=13,Bill=13,none=10
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.3-ascending-carry
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=3 --set prizes=ascending --set ties=carry
                 --depth 3 --expect 9,36,36 --expect-ended Andy=10,Bill=10,none=16
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.3-descending-discard
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=3 --set prizes=descending --set ties=discard
                 --depth 3 --expect 9,36,36 --expect-ended Andy=13,Bill=13,none=10
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.3-descending-carry
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=3 --set prizes=descending --set ties=carry
                 --depth 3 --expect 9,36,36 --expect-ended Andy=10,Bill=10,none=16
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.3-random-discard
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=3 --set prizes=random --set ties=discard
                 --depth 6 --expect 3,27,54,216,216,216 --expect-ended Andy=78,Bill=78,none=60
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.3-random-carry
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=3 --set prizes=random --set ties=carry
                 --depth 6 --expect 3,27,54,216,216,216 --expect-ended Andy=66,Bill=66,none=84
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.4-ascending-discard
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=4 --set prizes=ascending --set ties=discard
                 --depth 4 --expect 16,144,576,576 --expect-ended Andy=232,Bill=232,none=112
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.4-ascending-carry
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=4 --set prizes=ascending --set ties=carry
                 --depth 4 --expect 16,144,576,576 --expect-ended Andy=220,Bill=220,none=136
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.4-descending-discard
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=4 --set prizes=descending --set ties=discard
                 --depth 4 --expect 16,144,576,576 --expect-ended Andy=232,Bill=232,none=112
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.4-descending-carry
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=4 --set prizes=descending --set ties=carry
                 --depth 4 --expect 16,144,576,576 --expect-ended Andy=240,Bill=240,none=96
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.4-random-discard
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=4 --set prizes=random --set ties=discard
                 --depth 8 --expect 4,64,192,1728,3456,13824,13824,13824 --expect-ended Andy=5568,Bill=5568,none=2688
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.4-random-carry
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=4 --set prizes=random --set ties=carry
                 --depth 8 --expect 4,64,192,1728,3456,13824,13824,13824 --expect-ended Andy=5472,Bill=5472,none=2880
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.5-ascending-discard
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=5 --set prizes=ascending --set ties=discard
                 --depth 5 --expect 25,400,3600,14400,14400 --expect-ended Andy=6560,Bill=6560,none=1280
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.5-ascending-carry
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=5 --set prizes=ascending --set ties=carry
                 --depth 5 --expect 25,400,3600,14400,14400 --expect-ended Andy=6860,Bill=6860,none=680
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.5-descending-discard
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=5 --set prizes=descending --set ties=discard
                 --depth 5 --expect 25,400,3600,14400,14400 --expect-ended Andy=6560,Bill=6560,none=1280
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.goofspiel.5-descending-carry
         COMMAND ${ARBITER} perft goofspiel --players Andy,Bill --set cards=5 --set prizes=descending --set ties=carry
                 --depth 5 --expect 25,400,3600,14400,14400 --expect-ended Andy=6960,Bill=6960,none=480
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# `arbiter solve`: 3 cards with the prizes in a fixed order is symmetric, so under best play
# it is worth 0 to each seat (a win 1, a draw 0, a loss -1), within 0.001.
add_test(NAME solve.goofspiel.3-ascending
         COMMAND ${ARBITER} solve goofspiel --players Andy,Bill --set cards=3 --set prizes=ascending --iterations 2000
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(solve.goofspiel.3-ascending PROPERTIES PASS_REGULAR_EXPRESSION
  "value under best play: Andy -?0\\.000[0-9]+, Bill -?0\\.000[0-9]+ \\(within 0\\.000[0-9]+:")
