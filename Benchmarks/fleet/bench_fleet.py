"""The fleet's figures beside a standalone server, in one run (Scripts/bench-fleet.sh):

  one node          a standalone `understudy serve` and one fleet node, a matched stub, wrk at 64
                    connections, taking turns (median of the rounds); and the CPU each node and
                    PostgreSQL used per request, from /proc (PostgreSQL shares these 2 cores here)
  behind HAProxy    three fleet nodes behind HAProxy, and one standalone behind the same HAProxy
  scenario step     every request a step (a three-state cycle) at 64 connections: standalone
                    (a lock in memory) and a fleet node (a compare-and-set in PostgreSQL), p99 by wrk
  propagation       a stub added on one node until the slowest of three answers it (200 stubs)
  verification      `POST /__admin/requests/count` on a node while wrk loads all three (200 calls)

Release build; PostgreSQL and HAProxy from Debian; wrk. Figures only: nothing here is asserted.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tests", "Compatibility", "fleet"))
import fleet_check as fc  # noqa: E402

SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "64"))


def wrk(port, path, seconds=SECONDS, connections=CONNECTIONS):
    out = subprocess.run(
        ["wrk", "-t", "2", "-c", str(connections), "-d", f"{seconds}s", "--latency", f"http://127.0.0.1:{port}{path}"],
        capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rps, float(p99.group(1)) * scale, int(errors.group(1)) if errors else 0


def pace(port, path, rate, stop, threads=4):
    """`rate` GETs a second over `threads` keep-alive connections, until `stop` is set."""
    def worker():
        connection = fc.http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        interval = threads / rate
        due = time.perf_counter()
        while not stop.is_set():
            connection.request("GET", path)
            connection.getresponse().read()
            due += interval
            delay = due - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
        connection.close()
    workers = [threading.Thread(target=worker) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()


def verify_under(nodes, load, what):
    """200 `count` calls on one node while `load` runs; their latency, and any that failed."""
    stop = threading.Event()
    loader = threading.Thread(target=load, args=(stop,))
    loader.start()
    time.sleep(1)
    latencies, failures = [], []
    started = time.perf_counter()
    while len(latencies) + len(failures) < 200 and time.perf_counter() - started < 15:
        begun = time.perf_counter()
        answer = fc.count(nodes[1].port, "/hello")
        (latencies if isinstance(answer, int) else failures).append(
            (time.perf_counter() - begun) * 1000 if isinstance(answer, int) else answer)
    stop.set()
    loader.join()
    if latencies:
        print(f"verification (count) on one of 3 nodes under {what}: p50 {fc.percentile(latencies, 50):.1f} ms, "
              f"p99 {fc.percentile(latencies, 99):.1f} ms ({len(latencies)} calls)")
    if failures:
        print(f"  {len(failures)} verification(s) answered 503 meanwhile; the first: {failures[0][1][:200]}")


def cpu_seconds(pids):
    """User and system CPU the processes have used so far, from /proc."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


def wrk_with_cpu(node, path, fleet_nodes=()):
    """wrk on `node`; the CPU microseconds per request the node and PostgreSQL used until a fleet
    node had also written its backlog (saturated, it serves faster than one PostgreSQL on these
    cores takes rows, and writes the rest afterwards); and how long that backlog took."""
    database = fc.postgres_processes()
    before = cpu_seconds([node.process.pid]), cpu_seconds(database)
    started = time.perf_counter()
    rps = wrk(node.port, path)[0]
    served = rps * (time.perf_counter() - started)
    drained = settle(fleet_nodes) if fleet_nodes else 0
    after = cpu_seconds([node.process.pid]), cpu_seconds(database)
    return rps, (after[0] - before[0]) / served * 1e6, (after[1] - before[1]) / served * 1e6, drained


def settle(nodes, limit=120):
    """Waits until no node holds unwritten requests (after wrk's saturation each has a backlog);
    returns the seconds it took."""
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        status = fc.request(nodes[0].port, "GET", "/__admin/fleet")[1]
        members = json.loads(status).get("members", []) if status else []
        if members and all(m.get("pendingEvents", 1) == 0 for m in members):
            break
        time.sleep(0.2)
    return time.perf_counter() - started


def add_stubs(port):
    fc.request(port, "POST", "/__admin/mappings", {"request": {"urlPath": "/hello"}, "response": {"body": "hello"}})
    for required, new in (("Started", "a"), ("a", "b"), ("b", "Started")):
        fc.request(port, "POST", "/__admin/mappings", {
            "scenarioName": "cycle", "requiredScenarioState": required, "newScenarioState": new,
            "request": {"urlPath": "/cycle"}, "response": {"body": required}})


def main():
    os.makedirs(os.path.join(fc.WORK, "root", "mappings"))
    url = fc.postgres("start")
    standalone = fc.Node("standalone", None)
    nodes = [fc.Node(f"n{i}", url) for i in range(3)]
    try:
        add_stubs(standalone.port)
        add_stubs(nodes[0].port)
        time.sleep(0.5)
        report(standalone, nodes)
    finally:
        for node in nodes + [standalone]:
            node.stop()
        fc.postgres("stop")
        subprocess.run(["rm", "-rf", fc.WORK])


def report(standalone, nodes):
    line = "{:<40} {:>12} {:>12} {:>8}"
    print(line.format("", "standalone", "fleet", "ratio"))

    alone, fleet = [], []
    for _ in range(ROUNDS):
        alone.append(wrk_with_cpu(standalone, "/hello"))
        fleet.append(wrk_with_cpu(nodes[0], "/hello", nodes))
    a, f = statistics.median(r[0] for r in alone), statistics.median(r[0] for r in fleet)
    print(line.format("one node, matched stub (req/s)", f"{a:,.0f}", f"{f:,.0f}", f"{f / a:.2f}x"))
    a_cpu, f_cpu = statistics.median(r[1] for r in alone), statistics.median(r[1] for r in fleet)
    # The ratio a node would reach if it had the cores to itself and PostgreSQL ran elsewhere.
    print(line.format("one node, its own CPU per request (us)", f"{a_cpu:.1f}", f"{f_cpu:.1f}", f"{a_cpu / f_cpu:.2f}x"))
    print(line.format("PostgreSQL's CPU per fleet request (us)", "", f"{statistics.median(r[2] for r in fleet):.1f}", ""))
    print(f"  (each fleet run then wrote its backlog in {', '.join(f'{r[3]:.1f}' for r in fleet)} s; "
          "the CPU figures include it)")

    single, single_port = fc.start_haproxy([standalone])
    three, three_port = fc.start_haproxy(nodes)
    try:
        alone, fleet = [], []
        for _ in range(ROUNDS):
            alone.append(wrk(single_port, "/hello")[0])
            fleet.append(wrk(three_port, "/hello")[0])
        a, f = statistics.median(alone), statistics.median(fleet)
        print(line.format("behind HAProxy, 1 vs 3 nodes (req/s)", f"{a:,.0f}", f"{f:,.0f}", f"{f / a:.2f}x"))

        a_rps, a_p99, _ = wrk(standalone.port, "/cycle")
        f_rps, f_p99, errors = wrk(nodes[0].port, "/cycle")
        print(line.format("scenario step every request (req/s)", f"{a_rps:,.0f}", f"{f_rps:,.0f}", f"{f_rps / a_rps:.2f}x"))
        print(line.format("scenario step, p99 at 64 connections (ms)", f"{a_p99:.2f}", f"{f_p99:.2f}", ""))
        if errors:
            print(f"  ({errors} non-2xx answers during the fleet's scenario run)")

        delays = []
        for round_ in range(200):
            path = f"/propagated/{round_}"
            fc.request(nodes[round_ % 3].port, "POST", "/__admin/mappings",
                       {"request": {"urlPath": path}, "response": {"status": 200}})
            added = time.perf_counter()
            for node in nodes:
                while fc.request(node.port, "GET", path)[0] != 200:
                    pass
            delays.append((time.perf_counter() - added) * 1000)
        print(f"stub propagation to the slowest of 3 nodes: p50 {fc.percentile(delays, 50):.1f} ms, "
              f"p99 {fc.percentile(delays, 99):.1f} ms (200 stubs)")

        drained = settle(nodes)
        print(f"after saturation, every node had written its backlog in {drained:.1f} s")
        paced = int(os.environ.get("BENCH_PACED_RPS", "2000"))
        verify_under(nodes, lambda stop: pace(three_port, "/hello", paced, stop),
                     f"a steady {paced:,} req/s through HAProxy")
        verify_under(nodes, lambda stop: wrk(three_port, "/hello", 20),
                     "wrk at 64 connections (saturated: the nodes, HAProxy, wrk and PostgreSQL share 2 cores)")
    finally:
        single.terminate()
        three.terminate()


if __name__ == "__main__":
    main()
