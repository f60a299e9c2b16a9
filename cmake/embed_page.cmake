# Writes OUT: a C++ file holding every file of PAGE_DIR (the browser page, server/page/) as
# bytes, with its content type, for server/http_api.hpp's page_file(). Run at build time, so
# the `arbiter` binary serves the page from anywhere it is installed.
file(GLOB files RELATIVE ${PAGE_DIR} ${PAGE_DIR}/*)
list(SORT files)
set(arrays "")
set(entries "")
set(i 0)
foreach(name ${files})
  if(IS_DIRECTORY ${PAGE_DIR}/${name})
    continue()
  endif()
  file(READ ${PAGE_DIR}/${name} hex HEX)
  string(LENGTH "${hex}" hexlen)
  math(EXPR size "${hexlen} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  set(type "application/octet-stream")
  if(name MATCHES "\\.html$")
    set(type "text/html; charset=utf-8")
  elseif(name MATCHES "\\.js$")
    set(type "text/javascript; charset=utf-8")
  elseif(name MATCHES "\\.css$")
    set(type "text/css; charset=utf-8")
  elseif(name MATCHES "\\.svg$")
    set(type "image/svg+xml")
  elseif(name MATCHES "\\.png$")
    set(type "image/png")
  elseif(name MATCHES "\\.ico$")
    set(type "image/x-icon")
  endif()
  string(APPEND arrays "const unsigned char file${i}[] = {${bytes}0};\n")
  string(APPEND entries "    {\"/${name}\", \"${type}\", file${i}, ${size}},\n")
  math(EXPR i "${i} + 1")
endforeach()
file(WRITE ${OUT}.tmp "// Generated from server/page/ by cmake/embed_page.cmake: do not edit.
#include \"server/http_api.hpp\"

namespace arbiter::server {

namespace {
${arrays}
const PageFile files[] = {
${entries}    {nullptr, nullptr, nullptr, 0},
};
}  // namespace

const PageFile* page_file(const std::string& path) {
  for (const PageFile* f = files; f->path; ++f)
    if (path == f->path) return f;
  return nullptr;
}

}  // namespace arbiter::server
")
# Rewritten only when it changed, so that an unchanged page does not rebuild the server.
configure_file(${OUT}.tmp ${OUT} COPYONLY)
