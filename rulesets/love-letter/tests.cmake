# Love Letter's tree of play for seed 1's deal, with tokens=1 so that the game is one round
# (perft does not branch on shuffles: the seed deals). The counts are those of
# tree_count.py, an independent count written from the rulebook: the whole tree for two
# players (ten plies), the first six plies for three, the first five for four.
add_test(NAME perft.love-letter.2p
         COMMAND ${ARBITER} perft love-letter --players 2 --seed 1 --set tokens=1 --depth 10
                 --expect 8,56,140,868,2457,10262,14539,64596,125580,78624
                 --expect-ended Player1=95256,Player2=93002
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.love-letter.3p
         COMMAND ${ARBITER} perft love-letter --players 3 --seed 1 --set tokens=1 --depth 6
                 --expect 4,48,552,6700,20832,64468
                 --expect-ended Player1=6753,Player2=2929,Player3=4455
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.love-letter.4p
         COMMAND ${ARBITER} perft love-letter --players 4 --seed 1 --set tokens=1 --depth 5
                 --expect 24,528,10864,56496,209732
                 --expect-ended Player1=517,Player2=1908,Player3=847,Player4=1451
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
