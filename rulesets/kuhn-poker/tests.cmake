# Kuhn poker's whole tree: the deal is two chance decisions (3 cards for the first seat, then
# 2 for the second: 6 deals), then the betting. The 30 finished hands are the textbook count,
# 6 deals x 5 ways the betting ends (check-check, check-bet-call, check-bet-fold, bet-call,
# bet-fold); each seat wins 15, half of each.
add_test(NAME perft.kuhn-poker
         COMMAND ${ARBITER} perft kuhn-poker --depth 5
                 --expect 3,6,12,24,12
                 --expect-ended Player1=15,Player2=15
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# `arbiter solve`: the first player's value under best play is -1/18 = -0.0556 (Kuhn, 1950),
# found to within 0.001 with an exploitability under 0.001 (0.000…), and -1/18 lies between
# the printed bounds (from -0.055556 or below, to -0.055555 or above).
add_test(NAME solve.kuhn-poker
         COMMAND ${ARBITER} solve kuhn-poker --players Andy,Bill --iterations 1000
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(solve.kuhn-poker PROPERTIES PASS_REGULAR_EXPRESSION
  "value under best play: Andy -0\\.05(4[6-9]|5[0-9]|6[0-5])[0-9]*, Bill 0\\.05[0-9]+ \\(within 0\\.000[0-9]+: Andy's lies from -0\\.(05555[6-9]|0555[6-9][0-9]|055[6-9][0-9][0-9]|05[6-9][0-9][0-9][0-9]|0[6-9][0-9][0-9][0-9][0-9]|[1-9][0-9][0-9][0-9][0-9][0-9]) to (-0\\.(05555[0-5]|0555[0-4][0-9]|055[0-4][0-9][0-9]|05[0-4][0-9][0-9][0-9]|0[0-4][0-9][0-9][0-9][0-9])|0\\.[0-9][0-9][0-9][0-9][0-9][0-9]),")
