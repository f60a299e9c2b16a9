// The events pass of runtime/yaml_scan.hpp: cycles, depth and a stuck parser, found
// without building a tree.
#include "runtime/yaml_scan.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <sstream>
#include <vector>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"

namespace arbiter {

namespace {

// Thrown by the handler to stop the parser at the first problem: it would otherwise go
// on to the end of the text, and nest as deep as the text asks.
struct Stop {
  YamlProblem problem;
};

class Scanner : public YAML::EventHandler {
 public:
  explicit Scanner(const std::string& text) : text_(text), bom_(text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0) {}

  YAML::Mark start = YAML::Mark::null_mark();  // of the document being read

  void OnDocumentStart(const YAML::Mark& mark) override {
    start = mark;
    open_.clear();
    anchors_.clear();  // anchors are numbered per document
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { leaf(mark, anchor); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                const std::string&) override {
    leaf(mark, anchor);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override;
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, anchor);
  }
  void OnMapEnd() override { close(); }

  // The character at `mark`, for a message: empty when it is not plain ASCII.
  std::string char_at(const YAML::Mark& mark) const {
    std::size_t pos = offset(mark);
    return pos < text_.size() && static_cast<unsigned char>(text_[pos]) < 0x80 ? std::string(1, text_[pos])
                                                                               : "";
  }

 private:
  struct Anchor {
    int height = 0;     // levels of lists and maps in what it stands for, aliases counted as theirs
    bool open = false;  // a list or map still being read: an alias to it now is inside it
    YAML::Mark at;
  };
  struct Open {
    YAML::anchor_t anchor;
    int below = 0;  // the greatest height among its items so far
  };

  std::size_t offset(const YAML::Mark& mark) const {
    return static_cast<std::size_t>(std::max(mark.pos, 0)) + bom_;
  }
  Anchor& anchor(YAML::anchor_t id) {
    if (id >= anchors_.size()) anchors_.resize(id + 1);
    return anchors_[id];
  }
  void leaf(const YAML::Mark& mark, YAML::anchor_t id) {
    if (id != YAML::NullAnchor) anchor(id) = {0, false, mark};
    placed(0);
  }
  void placed(int height) {
    if (!open_.empty()) open_.back().below = std::max(open_.back().below, height);
  }
  void open(const YAML::Mark& mark, YAML::anchor_t id) {
    if (open_.size() + 1 > static_cast<std::size_t>(kMaxYamlDepth)) throw Stop{{mark, too_deep("")}};
    open_.push_back({id, 0});
    if (id != YAML::NullAnchor) anchor(id) = {0, true, mark};
  }
  void close() {
    Open done = open_.back();
    open_.pop_back();
    if (done.anchor != YAML::NullAnchor)
      anchor(done.anchor).height = done.below + 1, anchor(done.anchor).open = false;
    placed(done.below + 1);
  }
  // The alias's name as written (`*name`), read from the text at its mark.
  std::string alias_name(const YAML::Mark& mark) const {
    std::size_t from = offset(mark), to = from + 1;
    while (to < text_.size() && to - from < 80 &&
           std::string_view(" \t\r\n,[]{}").find(text_[to]) == std::string_view::npos)
      ++to;
    return from < text_.size() && text_[from] == '*' ? text_.substr(from, to - from) : "*";
  }
  static std::string too_deep(const std::string& alias) {
    return "nested too deeply (more than " + std::to_string(kMaxYamlDepth) + " levels of lists and maps" +
           (alias.empty() ? "" : ", counting what the alias " + quote(alias) + " stands for") + ")";
  }

  const std::string& text_;
  std::size_t bom_;  // yaml-cpp counts positions after a byte order mark
  std::vector<Open> open_;
  std::vector<Anchor> anchors_;
};

void Scanner::OnAlias(const YAML::Mark& mark, YAML::anchor_t id) {
  const Anchor& a = anchor(id);
  if (a.open)
    throw Stop{{mark, "the alias " + quote(alias_name(mark)) +
                          " stands for a list or map that holds the alias itself (its anchor is at line " +
                          std::to_string(a.at.line + 1) + ", column " + std::to_string(a.at.column + 1) +
                          "): a YAML tree may not contain itself"}};
  if (open_.size() + static_cast<std::size_t>(a.height) > static_cast<std::size_t>(kMaxYamlDepth))
    throw Stop{{mark, too_deep(alias_name(mark))}};
  placed(a.height);
}

}  // namespace

std::optional<YamlProblem> scan_yaml(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  Scanner scanner(text);
  std::optional<YAML::Mark> before;
  try {
    while (parser.HandleNextDocument(scanner)) {
      // yaml-cpp 0.7 hands back the same empty document again and again without moving on
      // (a lone ',' is enough): a document that starts where the one before it started.
      if (before && before->pos == scanner.start.pos) {
        std::string what = scanner.char_at(scanner.start);
        return YamlProblem{scanner.start,
                           what.empty() ? "the YAML cannot be read past here"
                                        : "unexpected '" + what + "': the YAML cannot be read past here"};
      }
      before = scanner.start;
    }
  } catch (const Stop& stop) {
    return stop.problem;
  }
  return std::nullopt;
}

}  // namespace arbiter
