/**
 * The Python program bubblewrap starts (`python3 -I -S -c LAUNCHER`): it reads one invocation as
 * JSON on stdin ({code, event, context, handler, limits}), lowers its own limits before the
 * function's code runs (address space, CPU seconds, no new processes, no files beyond a few
 * open), runs `handler(event, context)` with print going to a buffer, and writes one JSON line
 * to stdout: {status, result?, error?, stdout, stderr, cpuMs, memoryBytes}.
 */
export const LAUNCHER = String.raw`
import io, json, resource, sys, time, traceback
request = json.loads(sys.stdin.read())
limits = request["limits"]
out = sys.stdout
captured_out, captured_err = io.StringIO(), io.StringIO()
cpu_seconds = max(1, -(-limits["cpuMs"] // 1000))
resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
resource.setrlimit(resource.RLIMIT_AS, (limits["addressSpaceBytes"], limits["addressSpaceBytes"]))

class Context(dict):
    def graphql(self, query, variables=None):
        raise RuntimeError("context.graphql is not available to Python functions on this platform: only JavaScript functions reach their project through it.")

def clip(text):
    return text[: limits["logMaxBytes"]]

def usage():
    own = resource.getrusage(resource.RUSAGE_SELF)
    return {"cpuMs": int((own.ru_utime + own.ru_stime) * 1000), "memoryBytes": own.ru_maxrss * 1024}

answer = {}
sys.stdout, sys.stderr = captured_out, captured_err
try:
    scope = {"__name__": "function"}
    exec(compile(request["code"], request["fileName"], "exec"), scope)
    handler = scope.get(request["handler"] or "handler")
    if not callable(handler):
        raise RuntimeError("The function has no " + (request["handler"] or "handler") + "(event, context) to call.")
    result = json.dumps(handler(request["event"], Context(request["context"])))
    if len(result.encode()) > limits["resultMaxBytes"]:
        answer = {"status": "too_large", "error": "The function's result is larger than %d bytes." % limits["resultMaxBytes"]}
    else:
        answer = {"status": "ok", "result": result}
except MemoryError:
    answer = {"status": "memory", "error": "The function used more than its memory limit of %d MB." % (limits["memoryBytes"] // 1048576)}
except RecursionError:
    answer = {"status": "stack", "error": "The function's stack overflowed (stack overflow)."}
except BaseException as error:
    answer = {"status": "error", "error": type(error).__name__ + ": " + str(error)}
sys.stdout, sys.stderr = out, sys.__stderr__
answer.update(usage(), stdout=clip(captured_out.getvalue()), stderr=clip(captured_err.getvalue()))
out.write(json.dumps(answer))
out.flush()
`;
