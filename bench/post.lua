-- The wrk script of bench/http.sh and bench/worker-spread.sh: POSTs the payload named by $PAYLOAD
-- (default the Czech fixture; paths are from the repository root) exactly as a pipeline would.
local file = assert(io.open(os.getenv("PAYLOAD") or "tests/fixtures/czech.json", "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["apns-push-type"] = "alert"
