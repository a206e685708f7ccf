"""Three `understudy serve --fleet` nodes behind HAProxy on a real PostgreSQL, checked as users see
them: stubs added on any node, exact counts from any node (also after wrk through HAProxy), a
contended scenario step taken once,
and what a node kill, a database restart, a database that stops answering and a node cut off from
the database by a network namespace (netns.py) do.

Run by Scripts/fleet.sh, which builds the binary; standard library only. Each check prints a line;
a broken promise exits 1. Figures (propagation, what a SIGKILL lost) are printed, not asserted.
"""
import concurrent.futures
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from netns import CLIENT_INSIDE, DATABASE_HOST, Namespace

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BINARY = os.path.join(ROOT, os.environ.get("UNDERSTUDY_BINARY", ".build/debug/understudy"))
PG_PORT = int(os.environ.get("FLEET_PG_PORT", "54339"))
WORK = tempfile.mkdtemp(prefix="understudy-fleet-")
os.chmod(WORK, 0o755)
FAILURES = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def postgres(command):
    out = subprocess.run(
        ["bash", os.path.join(ROOT, "Scripts/lib/postgres.sh"), command, os.path.join(WORK, "pg"), str(PG_PORT)],
        check=True, capture_output=True, text=True)
    return out.stdout.strip()


def postgres_processes():
    with open(os.path.join(WORK, "pg", "data", "postmaster.pid")) as f:
        postmaster = int(f.readline())
    children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
    return [postmaster] + [int(c) for c in children]


class Node:
    """`understudy serve` on a free port: a node of the fleet `ci` on `url`, or standalone without one."""

    def __init__(self, name, url, extra=(), namespace=None):
        self.name = name
        self.port = free_port()
        self.host = CLIENT_INSIDE if namespace else "127.0.0.1"
        self.out = open(os.path.join(WORK, name + ".out"), "w+")
        self.err = open(os.path.join(WORK, name + ".err"), "w+")
        env = dict(os.environ)
        arguments = [BINARY, "serve", "--root", os.path.join(WORK, "root"), "--port", str(self.port), *extra]
        if namespace:
            arguments = namespace.command(arguments + ["--bind", self.host])
        if url:
            env["UNDERSTUDY_FLEET_URL"] = url
            arguments += ["--fleet-name", "ci", "--fleet-node", name, "--fleet-verification-wait", "1500"]
        self.process = subprocess.Popen(arguments, stdout=self.out, stderr=self.err, env=env)
        deadline = time.time() + 60
        while time.time() < deadline:
            self.out.seek(0)
            if self.out.readline().startswith("http://"):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.err.seek(0)
        raise SystemExit(f"node {name} did not start: {self.err.read()}")

    def stop(self, sig=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=20)


def request(port, method, path, body=None, timeout=10, host="127.0.0.1"):
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def until_every_node_lists(nodes, url_path, stubs=1, timeout=5):
    """Waits until every node's admin API lists `stubs` stubs for `url_path` (read through the
    admin API, so no request is journalled and no count is touched); fails the run past `timeout`."""
    deadline = time.perf_counter() + timeout
    for node in nodes:
        while True:
            status, text = request(node.port, "GET", "/__admin/mappings", host=node.host)
            listed = [m for m in json.loads(text).get("mappings", []) if m["request"].get("urlPath") == url_path]
            if status == 200 and len(listed) >= stubs:
                break
            if time.perf_counter() > deadline:
                raise AssertionError(f"node {node.port} did not list {stubs} stub(s) for {url_path} within {timeout} s")
            time.sleep(0.01)


def count(port, url):
    status, text = request(port, "POST", "/__admin/requests/count", {"url": url})
    return json.loads(text)["count"] if status == 200 else (status, text)


def many(port, path, total, threads, host="127.0.0.1"):
    """`total` GETs over `threads` keep-alive connections; answers their bodies."""
    def worker(n):
        connection = http.client.HTTPConnection(host, port, timeout=10)
        bodies = []
        for _ in range(n):
            connection.request("GET", path)
            response = connection.getresponse()
            bodies.append((response.status, response.read().decode()))
        connection.close()
        return bodies
    shares = [total // threads + (1 if i < total % threads else 0) for i in range(threads)]
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        return [b for part in pool.map(worker, shares) for b in part]


def at_once(port, path, n):
    """n GETs released together (each on its own connection)."""
    gate = threading.Barrier(n)
    def one(_):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.connect()
        gate.wait()
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read().decode()
        connection.close()
        return body
    with concurrent.futures.ThreadPoolExecutor(n) as pool:
        return list(pool.map(one, range(n)))


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def start_haproxy(nodes):
    port = free_port()
    config = os.path.join(WORK, "haproxy.cfg")
    with open(config, "w") as f:
        f.write(f"""global
    maxconn 4096
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    option redispatch
    retries 3
    retry-on conn-failure empty-response response-timeout
frontend stubs
    bind 127.0.0.1:{port}
    default_backend fleet
backend fleet
    balance roundrobin
    option httpchk GET /__admin/health
    default-server check inter 200 fall 2 rise 1
""")
        for node in nodes:
            f.write(f"    server {node.name} 127.0.0.1:{node.port}\n")
    process = subprocess.Popen(["haproxy", "-f", config, "-db"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process, port
        except OSError:
            time.sleep(0.05)
    raise SystemExit("haproxy did not start: " + process.stderr.read().decode())


def main():
    os.makedirs(os.path.join(WORK, "root", "mappings"))
    namespace = Namespace()
    nodes, haproxy = [], None
    try:
        namespace.create()
        os.environ["POSTGRES_ALSO_LISTEN"] = DATABASE_HOST
        url = postgres("start")
        # A journal big enough that the checks' counts are never trimmed to the newest 10,000.
        for i in range(3):
            nodes.append(Node(f"n{i}", url, extra=["--max-journal-entries", "100000"]))
        haproxy, front = start_haproxy(nodes)
        run_checks(url, nodes, front, namespace)
    finally:
        if haproxy:
            haproxy.terminate()
        for node in nodes:
            node.stop(signal.SIGKILL)
        postgres("stop")
        namespace.remove()
    if FAILURES:
        print(f"{len(FAILURES)} fleet check(s) failed; node logs in {WORK}")
        sys.exit(1)
    subprocess.run(["rm", "-rf", WORK])
    print("every fleet check passed")


def run_checks(url, nodes, front, namespace):
    # 1. A stub added on any node answers on every node: how long until the slowest answers.
    delays = []
    missing = 0
    for round_ in range(60):
        adder = nodes[round_ % 3]
        path = f"/propagated/{round_}"
        status, _ = request(adder.port, "POST", "/__admin/mappings",
                            {"request": {"urlPath": path}, "response": {"status": 200, "body": "here"}})
        added = time.perf_counter()
        for node in nodes:
            while request(node.port, "GET", path)[0] != 200:
                if time.perf_counter() - added > 5:
                    missing += 1
                    break
        delays.append((time.perf_counter() - added) * 1000)
    check(missing == 0, "a stub added on any node answers on every node (60 stubs, 3 nodes)")
    print(f"      propagation to the slowest node: p50 {percentile(delays, 50):.1f} ms, "
          f"p99 {percentile(delays, 99):.1f} ms, max {max(delays):.1f} ms")

    # 2. Every request through the balancer counted exactly, from every node.
    request(nodes[0].port, "POST", "/__admin/mappings", {"request": {"urlPath": "/counted"}, "response": {"status": 200}})
    until_every_node_lists(nodes, "/counted")
    answers = many(front, "/counted", 3000, 32)
    check(all(s == 200 for s, _ in answers), "3,000 requests through HAProxy all answered 200")
    counts = [count(n.port, "/counted") for n in nodes] + [count(front, "/counted")]
    check(counts == [3000] * 4, f"verification on every node counts exactly 3,000: {counts}")

    # 2b. Under wrk through HAProxy: every node counts the same, and what wrk saw answered, plus at
    #     most the 64 requests it had in flight when it stopped (served, not counted by wrk).
    if shutil.which("wrk"):
        request(nodes[0].port, "POST", "/__admin/mappings", {"request": {"urlPath": "/loaded"}, "response": {"status": 200}})
        until_every_node_lists(nodes, "/loaded")
        out = subprocess.run(["wrk", "-t", "2", "-c", "64", "-d", "3s", f"http://127.0.0.1:{front}/loaded"],
                             capture_output=True, text=True, check=True).stdout
        answered = int(re.search(r"(\d+) requests in", out).group(1))
        counts = [count(n.port, "/loaded") for n in nodes]
        same = len(set(map(str, counts))) == 1 and isinstance(counts[0], int)
        check(same and answered <= counts[0] <= answered + 64,
              f"after wrk through HAProxy every node counts the same: {counts}, wrk saw {answered} answered")
        # The journal keeps the newest 10,000 fleet-wide; empty it so the counts below start at 0.
        request(nodes[2].port, "DELETE", "/__admin/requests")
        check(count(nodes[0].port, "/loaded") == 0, "a journal reset through one node empties it for every node")
    else:
        print("skip  wrk is not installed (apt-get install wrk)")

    # 3. A contended scenario step moves once, five times over.
    for body, required, new in (("one", "Started", "two"), ("two", "two", "three"), ("three", "three", None)):
        stub = {"scenarioName": "ci", "requiredScenarioState": required, "request": {"urlPath": "/step"},
                "response": {"body": body}}
        if new:
            stub["newScenarioState"] = new
        request(nodes[1].port, "POST", "/__admin/mappings", stub)
    until_every_node_lists(nodes, "/step", stubs=3)
    exact = True
    for _ in range(5):
        bodies = at_once(front, "/step", 64)
        exact &= bodies.count("one") == 1 and bodies.count("two") == 1 and bodies.count("three") == 62
        request(nodes[2].port, "POST", "/__admin/scenarios/reset")
    check(exact, "64 requests at once through HAProxy take each scenario step exactly once (5 rounds)")

    # 4. The database stops and comes back: stubs still served, admin changes refused, steps taken
    #    locally (serve-local), the journal kept and written on reconnect.
    before = count(nodes[0].port, "/counted")
    postgres("stop")
    down = many(front, "/counted", 300, 8)
    check(all(s == 200 for s, _ in down), "with the database stopped, 300 requests are still answered")
    status, text = request(nodes[0].port, "POST", "/__admin/mappings", {"request": {"url": "/no"}, "response": {}})
    check(status == 503 and "cannot be reached" in text, f"an admin change is refused with 503 while it is down ({status})")
    check(request(nodes[1].port, "GET", "/step")[0] == 200, "a scenario step is taken locally while it is down")
    postgres("start")
    restarted = time.perf_counter()
    while request(nodes[0].port, "POST", "/__admin/mappings", {"request": {"urlPath": "/back"}, "response": {}})[0] != 201:
        if time.perf_counter() - restarted > 15:
            break
        time.sleep(0.1)
    back = time.perf_counter() - restarted
    check(back < 15, f"after a restart the fleet takes changes again by itself ({back:.1f} s)")
    after = count(nodes[2].port, "/counted")
    check(after == before + 300, f"requests served while it was down are in the journal: {before} + 300 = {after}")

    # 5. The database stops answering (its processes paused: connections hang, as in a partition).
    paused = postgres_processes()
    for pid in paused:
        os.kill(pid, signal.SIGSTOP)
    try:
        hung = many(front, "/counted", 200, 8)
        check(all(s == 200 for s, _ in hung), "with the database not answering, 200 requests are still answered")
        started = time.perf_counter()
        status, _ = request(nodes[1].port, "POST", "/__admin/mappings", {"request": {"url": "/no"}, "response": {}})
        waited = time.perf_counter() - started
        check(status == 503 and waited < 5, f"an admin change is refused after {waited:.1f} s, not held ({status})")
    finally:
        for pid in paused:
            os.kill(pid, signal.SIGCONT)
    resumed = time.perf_counter()
    while True:
        reached = count(nodes[0].port, "/counted")
        if reached == after + 200 or time.perf_counter() - resumed > 15:
            break
        time.sleep(0.2)
    check(reached == after + 200, f"once it answers again, nothing served meanwhile is missing: {reached}")

    # 5b. One node cut off from the database while the rest of the fleet still reaches it.
    check_partition(url, nodes, namespace)

    # 6. A node killed with SIGKILL under load loses at most what it had not yet written.
    victim = nodes[2]
    request(nodes[0].port, "POST", "/__admin/mappings", {"request": {"urlPath": "/victim"}, "response": {"status": 200}})
    until_every_node_lists(nodes, "/victim")
    answered = [0]
    stop = threading.Event()
    def load():
        connection = http.client.HTTPConnection("127.0.0.1", victim.port, timeout=5)
        try:
            while not stop.is_set():
                connection.request("GET", "/victim")
                response = connection.getresponse()
                response.read()
                if response.status == 200:
                    answered[0] += 1
        except Exception:
            pass
    loader = threading.Thread(target=load)
    loader.start()
    time.sleep(1.0)
    victim.stop(signal.SIGKILL)
    stop.set()
    loader.join()
    killed = time.perf_counter()
    first_answer = None
    while True:
        result = count(nodes[0].port, "/victim")
        if first_answer is None:
            first_answer = result
        if isinstance(result, int) or time.perf_counter() - killed > 10:
            break
        time.sleep(0.2)
    check(isinstance(result, int), f"verification works again once the killed node is no longer live "
                                   f"({time.perf_counter() - killed:.1f} s)")
    if isinstance(first_answer, tuple):
        print(f"      meanwhile it answered {first_answer[0]}: {first_answer[1][:160]}")
    if isinstance(result, int):
        lost = answered[0] - result
        check(0 <= lost, f"the killed node answered {answered[0]}; the journal has {result}; lost {lost}")
    survivors = many(front, "/counted", 300, 8)
    check(all(s == 200 for s, _ in survivors), "HAProxy's other two nodes answer every request after the kill")

    # 7. A node started late has every stub and the scenario's state.
    late = Node("late", url, extra=["--max-journal-entries", "100000"])
    try:
        status, text = request(late.port, "GET", "/propagated/59")
        check(status == 200 and text == "here", "a node started late answers every stub added before it")
        status, text = request(late.port, "GET", "/__admin/fleet")
        members = [m["node"] for m in json.loads(text).get("members", [])]
        check(status == 200 and "late" in members, f"GET /__admin/fleet lists it: {members}")
    finally:
        late.stop()

    # 8. WireMock's own Python client (python-wiremock 2.7.0) against a fleet node: its whole test
    #    file, as Scripts/python-compat.sh runs it against a standalone server. Its changes go
    #    through the change log and its verifications through the shared journal.
    python = os.environ.get("PYTHON_WIREMOCK")
    if python:
        result = subprocess.run(
            [python, "-m", "pytest", "-q", os.path.join(ROOT, "Tests/Compatibility/python/test_wiremock_client.py")],
            env=dict(os.environ, UNDERSTUDY_URL=f"http://127.0.0.1:{nodes[0].port}"), capture_output=True, text=True)
        summary = (result.stdout.strip().splitlines() or ["no output"])[-1]
        check(result.returncode == 0, f"python-wiremock's tests pass against a fleet node: {summary}")
        if result.returncode != 0:
            print(result.stdout[-3000:])
    else:
        print("skip  python-wiremock: set PYTHON_WIREMOCK (Scripts/fleet.sh does, after Scripts/python-compat.sh)")


def check_partition(url, nodes, namespace):
    """A fourth node in a network namespace whose only way to the database is a link of its own,
    cut and then healed: it serves on, refuses changes, is left out of verification once it is
    no longer live, and afterwards catches up on changes and writes what it served meanwhile."""
    cut = Node("cut", url.replace("127.0.0.1", DATABASE_HOST), extra=["--max-journal-entries", "100000"],
               namespace=namespace)
    try:
        request(nodes[0].port, "POST", "/__admin/mappings",
                {"request": {"urlPath": "/partitioned"}, "response": {"status": 200, "body": "before"}})
        until_every_node_lists([cut], "/partitioned")
        before = count(nodes[0].port, "/partitioned")
        namespace.cut_database()
        try:
            served = many(cut.port, "/partitioned", 100, 4, host=cut.host)
            check(all(s == 200 for s, _ in served), "a node cut off from the database still answers 100 requests")
            started = time.perf_counter()
            status, _ = request(cut.port, "POST", "/__admin/mappings", {"request": {"url": "/no"}, "response": {}},
                                host=cut.host)
            held = time.perf_counter() - started
            check(status == 503 and held < 5, f"the cut-off node refuses an admin change after {held:.1f} s ({status})")
            status, _ = request(nodes[0].port, "POST", "/__admin/mappings",
                                {"request": {"urlPath": "/during"}, "response": {"status": 200, "body": "during"}})
            check(status == 201, f"the rest of the fleet takes a change meanwhile ({status})")
            first = count(nodes[0].port, "/partitioned")
            check(isinstance(first, int) or "cut" in first[1],
                  f"verification elsewhere counts or names the cut-off node: {str(first)[:160]}")
            cut_at = time.perf_counter()
            while not isinstance(result := count(nodes[0].port, "/partitioned"), int):
                if time.perf_counter() - cut_at > 15:
                    break
                time.sleep(0.2)
            check(isinstance(result, int),
                  f"verification elsewhere goes on once the cut-off node is no longer live: {str(result)[:160]}")
        finally:
            namespace.heal_database()
        healed = time.perf_counter()
        while request(cut.port, "GET", "/during", host=cut.host)[0] != 200:
            if time.perf_counter() - healed > 15:
                break
            time.sleep(0.1)
        caught_up = time.perf_counter() - healed
        check(caught_up < 15, f"healed, it answers the change made while it was cut off ({caught_up:.1f} s)")
        while (after := count(nodes[0].port, "/partitioned")) != before + 100:
            if time.perf_counter() - healed > 15:
                break
            time.sleep(0.2)
        check(after == before + 100, f"what it served while cut off is in the journal: {before} + 100 = {after}")
    finally:
        cut.stop()


if __name__ == "__main__":
    main()
