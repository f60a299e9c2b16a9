# Leduc hold'em's whole tree against an independent count (README.md, "Counts"): the two
# private cards, the first round's betting, the public card, the second round. 1,116 finished
# hands with cards told apart by rank; 5,520 with suits told apart, as OpenSpiel deals them.
add_test(NAME perft.leduc-holdem
         COMMAND ${ARBITER} perft leduc-holdem --players Andy,Bill --depth 11
                 --expect 3,9,18,45,93,162,360,528,456,216,48
                 --expect-ended Andy=483,Bill=483,none=150
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.leduc-holdem.suits
         COMMAND ${ARBITER} perft leduc-holdem --players Andy,Bill --set suits=true --depth 11
                 --expect 6,30,60,150,390,780,1800,2640,2280,1080,240
                 --expect-ended Andy=2460,Bill=2460,none=600
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# `arbiter solve`: the first player's value under best play is -0.085606424078 chips a hand
# (OpenSpiel, open_spiel/algorithms/ortools/sequence_form_lp_test.cc, by linear programming),
# found to within 0.0001 with an exploitability under 0.0001, the value between the printed
# bounds; 288 information sets (936 with suits told apart, OpenSpiel's count for leduc_poker).
add_test(NAME solve.leduc-holdem
         COMMAND ${ARBITER} solve leduc-holdem --players Andy,Bill --iterations 2000
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(solve.leduc-holdem PROPERTIES PASS_REGULAR_EXPRESSION
  "1939 histories, 288 information sets.*value under best play: Andy -0\\.0856[0-9]*, Bill 0\\.0856[0-9]* \\(within 0\\.0000[0-9]+: Andy's lies from -0\\.(08560[7-9]|0856[1-9][0-9]|085[7-9][0-9][0-9]|08[6-9][0-9][0-9][0-9]|09[0-9][0-9][0-9][0-9]|[1-9][0-9][0-9][0-9][0-9][0-9]) to (-0\\.(08560[0-6]|085[0-5][0-9][0-9]|08[0-4][0-9][0-9][0-9]|0[0-7][0-9][0-9][0-9][0-9])|0\\.[0-9][0-9][0-9][0-9][0-9][0-9]),")
add_test(NAME solve.leduc-holdem.suits
         COMMAND ${ARBITER} solve leduc-holdem --players Andy,Bill --set suits=true --iterations 2000
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(solve.leduc-holdem.suits PROPERTIES PASS_REGULAR_EXPRESSION
  "9457 histories, 936 information sets.*value under best play: Andy -0\\.0856[0-9]*, Bill 0\\.0856[0-9]* \\(within 0\\.0000[0-9]+: Andy's lies from -0\\.(08560[7-9]|0856[1-9][0-9]|085[7-9][0-9][0-9]|08[6-9][0-9][0-9][0-9]|09[0-9][0-9][0-9][0-9]|[1-9][0-9][0-9][0-9][0-9][0-9]) to (-0\\.(08560[0-6]|085[0-5][0-9][0-9]|08[0-4][0-9][0-9][0-9]|0[0-7][0-9][0-9][0-9][0-9])|0\\.[0-9][0-9][0-9][0-9][0-9][0-9]),")
