#!/usr/bin/env python3
"""Names the tests a stalled run left unfinished, from Swift Testing's JSON event stream.

Usage: tests-in-flight.py EVENTS.jsonl
Output goes to a pipe fully buffered, so the console log of a stalled run does not say which
tests were still running; the event stream, written one record at a time, does.
"""
import json
import sys

started, ended = [], set()
with open(sys.argv[1], encoding="utf-8") as stream:
    for line in stream:
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue  # the last line of a killed run may be cut short
        if record.get("kind") != "event":
            continue
        payload = record["payload"]
        test = payload.get("testID")
        if payload["kind"] == "testStarted":
            started.append(test)
        elif payload["kind"] == "testEnded":
            ended.add(test)
unfinished = [test for test in started if test not in ended and "/" in test]
print(f"== {len(unfinished)} test(s) started and never ended:")
for test in unfinished:
    print(f"   {test}")
