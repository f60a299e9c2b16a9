-- List helpers the rule files share.
local lists = {}

-- The position of `x` in `list`, or nil when it is not there.
function lists.index_of(list, x)
  for i = 1, #list do if list[i] == x then return i end end
  return nil
end

return lists
