# Sourced by benchmarks/service and benchmarks/investigations/consumer-waits. allowed_cpus fills the array `allowed`
# with the CPUs the calling script may run on: its affinity list (e.g. "0-3,6"), expanded.
allowed_cpus() {
  allowed=()
  local part c
  for part in $(taskset -cp $$ | sed 's/.*: //' | tr ',' ' '); do
    if [[ "$part" == *-* ]]; then
      for ((c = ${part%-*}; c <= ${part#*-}; c++)); do allowed+=("$c"); done
    else
      allowed+=("$part")
    fi
  done
}
