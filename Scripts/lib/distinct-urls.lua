-- wrk script: every request asks for a different URL, so no cache keyed by the request can
-- answer for another. BENCH_URL_FORMAT is the path with one %d (default /items/%d), and the
-- numbers start at BENCH_URL_FIRST (default 10000: past the benchmark's /items/0…9999 stubs).
-- Threads interleave their numbers (thread i takes first + i, first + i + stride, …).
local format = os.getenv("BENCH_URL_FORMAT") or "/items/%d"
local first = tonumber(os.getenv("BENCH_URL_FIRST") or "10000")
local stride = 64
local threads = 0

function setup(thread)
    thread:set("id", threads)
    threads = threads + 1
end

function init(args)
    counter = 0
end

function request()
    local n = first + id + counter * stride
    counter = counter + 1
    return wrk.format("GET", string.format(format, n))
end
