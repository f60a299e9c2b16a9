# Bash completion for `arbiter`: subcommands, each subcommand's options (read from its
# --help, so they stay true), ruleset ids (from `arbiter list`) and files. Installed by
# `make install`; to try it from a clone: source completions/arbiter.bash
_arbiter() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} arbiter=${COMP_WORDS[0]}
  local subcommands="list info play test check sim playthrough perft solve serve join new mutate help"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "$subcommands --help --version" -- "$cur"))
    return
  fi
  local sub=${COMP_WORDS[1]}
  case $prev in
    --load|--compare|--merge|--write-bot|--db) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --players|--seed|--set|--games|--worlds|--horizon|--depth|--threads|--max|--max-actions|--max-steps|--min-score|--host|--port|--idle-timeout|--columns) return ;;
    --bot) COMPREPLY=($(compgen -W "all=random all=mcts 2=random 2=mcts" -- "$cur")); return ;;
    --variant) return ;;
  esac
  if [ "$sub" = help ]; then
    [ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "${subcommands% help}" -- "$cur"))
    return
  fi
  if [[ $cur == -* ]]; then
    local options
    options=$("$arbiter" "$sub" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | sort -u)
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
    return
  fi
  case $sub in
    info|play|test|check|sim|playthrough|perft|solve|mutate|serve)
      local ids
      ids=$("$arbiter" list 2>/dev/null | cut -d' ' -f1)
      COMPREPLY=($(compgen -W "$ids" -- "$cur") $(compgen -d -- "$cur"))
      [ "$sub" = test ] && COMPREPLY+=($(compgen -f -X '!*.y*ml' -- "$cur"))
      ;;
    new) COMPREPLY=($(compgen -d -- "$cur")) ;;
  esac
}
complete -F _arbiter arbiter
