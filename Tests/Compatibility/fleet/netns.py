"""A network namespace of the fleet check's own, for a node that can be cut off from the database
while the test and the other nodes still reach it (needs root and iproute2, as CI has).

Two veth pairs join it to the host: one that clients use (10.77.0.1 host, 10.77.0.2 inside) and
one that only the database traffic uses (10.77.1.1 host, where PostgreSQL also listens, and
10.77.1.2 inside). Cutting the database link down drops its packets without a reset, as a real
partition does: the node's open connections hang and new ones time out.
"""
import os
import subprocess

CLIENT_HOST, CLIENT_INSIDE = "10.77.0.1", "10.77.0.2"
DATABASE_HOST, DATABASE_INSIDE = "10.77.1.1", "10.77.1.2"


def ip(*arguments):
    subprocess.run(["ip", *arguments], check=True, capture_output=True, text=True)


class Namespace:
    def __init__(self):
        suffix = os.getpid() % 100000
        self.name = f"usfleet{suffix}"
        self.client_link = f"usc{suffix}"
        self.database_link = f"usd{suffix}"

    def create(self):
        """Makes the namespace and both links; raises with what to do if the machine cannot.
        Removes what a killed earlier run left (its addresses would clash), and undoes a set-up
        that fails half way."""
        for line in subprocess.run(["ip", "-o", "link"], capture_output=True, text=True).stdout.splitlines():
            link = line.split(":")[1].strip().split("@")[0]
            if link.startswith(("usc", "usd")) and link[3:].isdigit():
                subprocess.run(["ip", "link", "del", link], capture_output=True)
        for line in subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("usfleet"):
                subprocess.run(["ip", "netns", "del", line.split()[0]], capture_output=True)
        try:
            self._create()
        except BaseException:
            self.remove()
            raise

    def _create(self):
        try:
            ip("netns", "add", self.name)
        except (OSError, subprocess.CalledProcessError) as error:
            detail = getattr(error, "stderr", "") or str(error)
            raise SystemExit(
                f"cannot make a network namespace ({detail.strip()}): the partition check needs root "
                "and iproute2 (apt-get install iproute2); .ci/run runs as root")
        ip("-n", self.name, "link", "set", "lo", "up")
        for link, host, inside in ((self.client_link, CLIENT_HOST, CLIENT_INSIDE),
                                   (self.database_link, DATABASE_HOST, DATABASE_INSIDE)):
            ip("link", "add", link, "type", "veth", "peer", "name", link + "n")
            ip("link", "set", link + "n", "netns", self.name)
            ip("addr", "add", host + "/24", "dev", link)
            ip("link", "set", link, "up")
            ip("-n", self.name, "addr", "add", inside + "/24", "dev", link + "n")
            ip("-n", self.name, "link", "set", link + "n", "up")

    def command(self, arguments):
        """`arguments` run inside the namespace."""
        return ["ip", "netns", "exec", self.name, *arguments]

    def cut_database(self):
        ip("link", "set", self.database_link, "down")

    def heal_database(self):
        ip("link", "set", self.database_link, "up")

    def remove(self):
        for link in (self.client_link, self.database_link):
            subprocess.run(["ip", "link", "del", link], capture_output=True)
        subprocess.run(["ip", "netns", "del", self.name], capture_output=True)
