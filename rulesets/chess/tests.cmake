# Chess's move generation against the published perft tables (chessprogramming.org,
# "Perft Results"): positions after each ply from the start, from "Kiwipete" (castling,
# en passant, promotions, pins) and from position 3 (en passant that uncovers a rank),
# with positions 4 and 5 (promotions, checks, castling rights) as extra checks.
# Together they take a few seconds on one core.
add_test(NAME perft.chess.start
         COMMAND ${ARBITER} perft chess --depth 4 --expect 20,400,8902,197281
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.chess.kiwipete
         COMMAND ${ARBITER} perft chess --depth 3 --expect 48,2039,97862
                 --set "fen=r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.chess.position3
         COMMAND ${ARBITER} perft chess --depth 4 --expect 14,191,2812,43238
                 --set "fen=8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.chess.position4
         COMMAND ${ARBITER} perft chess --depth 3 --expect 6,264,9467
                 --set "fen=r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME perft.chess.position5
         COMMAND ${ARBITER} perft chess --depth 3 --expect 44,1486,62379
                 --set "fen=rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# The ruleset loads and plays random games with every invariant checked.
add_test(NAME check.chess
         COMMAND ${ARBITER} check chess --games 20
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME check.chess.claim
         COMMAND ${ARBITER} check chess --games 20 --set draws=claim
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# A refused move says why: each case pipes one move into `arbiter play` (which stops at
# the first refused line) and looks for the reason in what it prints.
function(chess_refusal name fen move reason)
  add_test(NAME refusal.chess.${name}
           COMMAND sh -c "printf '%s\\n' '${move}' | \"$<TARGET_FILE:arbiter>\" play chess --set 'fen=${fen}' 2>&1 | grep -qF '${reason}'"
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endfunction()
chess_refusal(into_check "4k3/8/8/8/8/8/r7/4K3 w - - 0 1" Ke2 "your king would be in check on e2")
chess_refusal(pinned "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1" Rd2 "the rook on e2 is pinned: moving it would leave your king in check")
chess_refusal(check_not_met "4k3/8/8/8/8/8/P7/4K2r w - - 0 1" a3 "your king is in check, and pawn a2-a3 does not get it out of check")
chess_refusal(en_passant_uncovers "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1" exd6 "taking en passant would leave your king in check")
chess_refusal(castle_through_check "1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1" O-O "you cannot castle through check: f1 is attacked")
chess_refusal(castle_into_check "1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1" e1g1 "you cannot castle into check: g1 is attacked")
chess_refusal(castle_out_of_check "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1" O-O-O "you cannot castle out of check")
chess_refusal(castle_blocked "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1" O-O-O "you cannot castle on the queen side: b1 is not empty")
chess_refusal(castle_right_lost "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1" O-O "you may no longer castle on the king side")
chess_refusal(ambiguous "4k3/8/8/8/8/8/8/1N1NK1N1 w - - 0 1" Nc3 "ambiguous: Nbc3 or Ndc3")
chess_refusal(promotion_piece "k7/4P3/8/8/8/8/8/4K3 w - - 0 1" e8 "say which piece the pawn becomes: e8=Q, e8=R, e8=B, e8=N")
chess_refusal(no_such_piece "4k3/p7/8/8/8/8/7P/4K3 w - - 0 1" e3e4 "there is no piece of yours on e3")
chess_refusal(cannot_move_so "4k3/p7/8/8/8/8/8/4K1N1 w - - 0 1" g1g3 "the knight on g1 cannot move to g3")
chess_refusal(not_a_move "4k3/p7/8/8/8/8/7P/4K3 w - - 0 1" hello "write a move as e2e4, or in algebraic notation")
# A malformed fen is refused when the game is set up, with what is wrong with it.
add_test(NAME refusal.chess.bad_fen
         COMMAND sh -c "\"$<TARGET_FILE:arbiter>\" play chess --set 'fen=8/8/8/8/8/8/8/8 w - - 0 1' </dev/null 2>&1 | grep -qF 'the fen parameter: each side needs exactly one king'"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
