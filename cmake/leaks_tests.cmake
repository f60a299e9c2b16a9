# `arbiter check --leaks` (analysis/leaks): every shipped ruleset searched for hidden
# information reaching a seat, an entry each (leaks.<id>), none may leak; and the planted
# leaks of tests/fixtures/leaks/, each found and named by seat, step and field
# (tests/leaks/fixture_test.sh FOLDER STATUS PATTERN).
file(GLOB LEAKS_RULESET_DIRS LIST_DIRECTORIES true CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/rulesets/*)
foreach(dir ${LEAKS_RULESET_DIRS})
  if(NOT EXISTS ${dir}/game.yaml)
    continue()
  endif()
  get_filename_component(id ${dir} NAME)
  add_test(NAME leaks.${id} COMMAND arbiter check ${id} --leaks WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(leaks.${id} PROPERTIES TIMEOUT 120)
endforeach()

set(LEAKS_FIXTURE_TEST ${CMAKE_SOURCE_DIR}/tests/leaks/fixture_test.sh $<TARGET_FILE:arbiter>)
# Kuhn poker whose narration names each deal to every seat: P2 reads P1's card at step 1.
add_test(NAME leaks.fixture.told_deal
         COMMAND ${LEAKS_FIXTURE_TEST} tests/fixtures/leaks/told-deal 1
                 "what P2 receives differs in log line [0-9]+, at step 1 of the game of seed 1"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# Love Letter's stale show, cut down: a card shown while its twin is played. The runtime takes
# what a seat knew of a hand's card of that kind with the card that leaves (State::move), so
# nothing leaks: status 0, "no leak found" (the pattern is not read).
set(LEAKS_STALE_SHOW_STATUS 0)
add_test(NAME leaks.fixture.stale_show
         COMMAND ${LEAKS_FIXTURE_TEST} tests/fixtures/leaks/copies ${LEAKS_STALE_SHOW_STATUS}
                 "what P[12] receives differs in zone P[12]\\.hand, at step [0-9]+"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# The same game saying which twin was played: a leak in the rules' words that no runtime
# can mend, found whatever becomes of shows.
add_test(NAME leaks.fixture.which_copy
         COMMAND ${LEAKS_FIXTURE_TEST} tests/fixtures/leaks/copies 1
                 "(differs in|step [0-9]+, P[12]:) log line [0-9]+" --variant which-copy
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# Clues (game:clue) tell seats of cards they cannot see: a second world must be dealt so that
# every mark the seat holds is true (play/deal_marked.cpp), and then nothing differs untold.
add_test(NAME leaks.fixture.marks
         COMMAND ${LEAKS_FIXTURE_TEST} tests/fixtures/marks 0 "no leak found"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
