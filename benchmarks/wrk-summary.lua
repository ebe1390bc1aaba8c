-- wrk's done hook for the benchmarks: after wrk's own summary, one line of JSON with the figures the scripts and
-- ServiceReport read, so that nothing scrapes wrk's console: requests, seconds, requests/s, latency percentiles and
-- the largest latency in microseconds, and the errors (socket errors by kind; status: responses other than 2xx/3xx).
--   wrk -t2 -c200 -d8s -s benchmarks/wrk-summary.lua URL
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"seconds":%.6f,"requests_per_second":%.2f,'
      .. '"latency_us":{"p50":%d,"p99":%d,"p99_9":%d,"max":%d},'
      .. '"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}}\n',
      summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
      latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max,
      e.connect, e.read, e.write, e.timeout, e.status))
end
