# Tic-tac-toe's tree against the published counts: positions after each of the 9 plies,
# and the 255,168 finished games (X wins 131,184, O 77,904, draws 46,080).
add_test(NAME perft.tictactoe
         COMMAND ${ARBITER} perft tictactoe --players Xena,Oscar --depth 9
                 --expect 9,72,504,3024,15120,54720,148176,200448,127872
                 --expect-ended Xena=131184,Oscar=77904,none=46080
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
