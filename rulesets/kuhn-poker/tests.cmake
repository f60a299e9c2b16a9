# Kuhn poker's whole tree: the deal is two chance decisions (3 cards for the first seat, then
# 2 for the second: 6 deals), then the betting. The 30 finished hands are the textbook count,
# 6 deals x 5 ways the betting ends (check-check, check-bet-call, check-bet-fold, bet-call,
# bet-fold); each seat wins 15, half of each.
add_test(NAME perft.kuhn-poker
         COMMAND ${ARBITER} perft kuhn-poker --depth 5
                 --expect 3,6,12,24,12
                 --expect-ended Player1=15,Player2=15
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
