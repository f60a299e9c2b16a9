# arbiter_layer(NAME DIRS folder... [EXCLUDE file...] LINKS target...): a static library of the
# .cpp files in each folder (source-relative), which links LINKS. Its include folder
# (build/layers/NAME) holds a link to each of its top-level folders and nothing else, and is
# the only one it gives: what it links gives the rest. So "runtime/state.hpp" is found from
# any layer above the runtime, and "play/save.hpp" from the runtime is not found at all.
function(arbiter_layer name)
  cmake_parse_arguments(LAYER "" "" "DIRS;EXCLUDE;LINKS" ${ARGN})
  set(sources)
  set(tops)
  foreach(dir ${LAYER_DIRS})
    file(GLOB found CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/${dir}/*.cpp)
    list(APPEND sources ${found})
    string(REGEX REPLACE "/.*" "" top ${dir})
    list(APPEND tops ${top})
  endforeach()
  foreach(file ${LAYER_EXCLUDE})
    list(REMOVE_ITEM sources ${CMAKE_SOURCE_DIR}/${file})
  endforeach()
  list(REMOVE_DUPLICATES tops)
  set(include_dir ${CMAKE_BINARY_DIR}/layers/${name})
  file(MAKE_DIRECTORY ${include_dir})
  foreach(top ${tops})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${top} ${include_dir}/${top} SYMBOLIC)
  endforeach()
  add_library(${name} STATIC ${sources})
  target_include_directories(${name} PUBLIC ${include_dir})
  target_link_libraries(${name} PUBLIC ${LAYER_LINKS})
endfunction()
