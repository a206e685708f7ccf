-- wrk script for Scripts/soak.sh: a weighted mix of request kinds, each answer checked.
--
-- wrk does not say which request a response answers, so every stub of the soak folder names
-- its kind in an X-Soak-Kind header and the check goes by that: a response whose status or
-- body is not what its kind answers counts as unexpected (a 404 without the header is the
-- "unmatched" kind). A request the server routed to the wrong stub shows in the per-kind
-- counts instead: requests still in flight when wrk stops make a kind's answers fall short of
-- its requests, never exceed them, so answers beyond a kind's requests are misrouted.

local kinds = {
    { name = "exact", weight = 3, expect = 200, body = '["a","b","c"]',
      make = function() return "GET", "/soak/exact/items", nil end },
    { name = "pattern", weight = 2, expect = 200, body = "pattern",
      make = function()
          if math.random(2) == 1 then return "GET", "/soak/orders/" .. math.random(1, 999999) .. "/lines", nil end
          return "GET", "/soak/search?q=" .. string.char(96 + math.random(26)) .. "xyz", nil
      end },
    { name = "json", weight = 2, expect = 201, body = '{"created":true}',
      make = function()
          return "POST", "/soak/json/orders",
              '{"type":"order","qty":' .. math.random(1, 9) .. ',"items":[{"sku":"B2"},{"sku":"A1"}]}'
      end },
    { name = "delayed", weight = 1, expect = 200, body = "late",
      make = function() return "GET", "/soak/delayed", nil end },
    { name = "templated", weight = 2, expect = 200,
      make = function() return "GET", "/soak/greet/" .. math.random(1, 999999) .. "?name=ada", nil end,
      check = function(body) return string.match(body, "^hello ada #%d+$") ~= nil end },
    { name = "unmatched", weight = 2, expect = 404,
      make = function()
          if math.random(2) == 1 then return "GET", "/soak/nothing/" .. math.random(1, 999999), nil end
          return "POST", "/soak/json/orders", '{"type":"refund","items":[]}'
      end },
}

local byName, wheel = {}, {}
for _, kind in ipairs(kinds) do
    byName[kind.name] = kind
    for _ = 1, kind.weight do wheel[#wheel + 1] = kind end
end

-- Per thread (each wrk thread has its own Lua state): "sent.K", "answered.K", "unexpected.K".
counts = {}
local function bump(key) counts[key] = (counts[key] or 0) + 1 end

local threads = {}
function setup(thread)
    thread:set("id", #threads + 1)
    threads[#threads + 1] = thread
end

function init(args)
    math.randomseed(os.time() * 1000 + (id or 0))
end

local jsonHeaders = { ["Content-Type"] = "application/json" }

function request()
    local kind = wheel[math.random(#wheel)]
    bump("sent." .. kind.name)
    local method, path, body = kind.make()
    return wrk.format(method, path, body and jsonHeaders or nil, body)
end

function response(status, headers, body)
    local name = headers["X-Soak-Kind"] or headers["x-soak-kind"] or "unmatched"
    local kind = byName[name]
    bump("answered." .. name)
    local good = kind ~= nil and status == kind.expect
    if good and kind.body then good = body == kind.body end
    if good and kind.check then good = kind.check(body) end
    if not good then bump("unexpected." .. name) end
end

function done(summary, latency, requests)
    local total = {}
    for _, thread in ipairs(threads) do
        local c = thread:get("counts")
        for key, value in pairs(c or {}) do total[key] = (total[key] or 0) + value end
    end
    local unexpected, misrouted, sent, answered = 0, 0, 0, 0
    for _, kind in ipairs(kinds) do
        for _, what in ipairs({ "sent", "answered", "unexpected" }) do
            io.write(string.format("soak.%s.%s %d\n", what, kind.name, total[what .. "." .. kind.name] or 0))
        end
        local s, a = total["sent." .. kind.name] or 0, total["answered." .. kind.name] or 0
        unexpected = unexpected + (total["unexpected." .. kind.name] or 0)
        misrouted = misrouted + math.max(0, a - s)
        sent, answered = sent + s, answered + a
    end
    -- Answers naming a kind the script does not know.
    for key, value in pairs(total) do
        local name = string.match(key, "^answered%.(.+)$")
        if name and not byName[name] then
            unexpected = unexpected + value
            answered = answered + value
        end
    end
    io.write(string.format("soak.unexpected %d\n", unexpected))
    io.write(string.format("soak.misrouted %d\n", misrouted))
    io.write(string.format("soak.inflight %d\n", sent - answered))
end
