# Runs a command in a fresh pseudo-terminal, as a terminal emulator or an SSH server does, and reports how it
# ended as one JSON line: {"exited", "code", "signal", "bytes", "output", "seconds"}.
# argv[1]: JSON {"cols": N, "close": "never" | "first-output", "deadline": seconds, "argv": [...]}.
# "first-output": the master side is closed as soon as the command has written something (the terminal goes
# away mid-run); the command is then waited for until the deadline, and killed if it is still running.
import fcntl, json, os, pty, select, signal, struct, sys, termios, time

spec = json.loads(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    # In the child, before exec: the size is there when the command first asks.
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 24, spec['cols'], 0, 0))
    os.execvp(spec['argv'][0], spec['argv'])

start = time.time()
deadline = start + spec['deadline']
output = bytearray()
total = 0
status = None
master_open = True
while time.time() < deadline:
    done, st = os.waitpid(pid, os.WNOHANG)
    if done:
        status = st
        break
    if master_open:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b''
            total += len(chunk)
            if len(output) < 1 << 20:
                output += chunk[: (1 << 20) - len(output)]
            if spec['close'] == 'first-output' and total > 0:
                os.close(fd)
                master_open = False
    else:
        time.sleep(0.05)

exited = status is not None
if not exited:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
elif master_open:
    # What is left in the terminal after the command ended.
    while True:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        total += len(chunk)
        if len(output) < 1 << 20:
            output += chunk[: (1 << 20) - len(output)]

print(json.dumps({
    'exited': exited,
    'code': os.WEXITSTATUS(status) if exited and os.WIFEXITED(status) else None,
    'signal': os.WTERMSIG(status) if exited and os.WIFSIGNALED(status) else None,
    'bytes': total,
    'output': output.decode('utf-8', 'replace'),
    'seconds': round(time.time() - start, 2),
}))
