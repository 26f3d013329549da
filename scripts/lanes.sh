# Sourced by scripts/test.sh: runs "lanes" side by side, each a bash function whose `step`s run one
# after another (a failed step does not stop its lane; `step … || return` where later steps need it). Each step's output is held and printed whole
# when the step ends, so the output of steps running at once never interleaves. `run_lanes` returns 1
# when any step failed, after every lane has ended.

lanes_dir="$(mktemp -d)"
trap 'rm -rf "$lanes_dir"' EXIT

# step TITLE COMMAND...: runs COMMAND, its output into the held log of this step.
step() {
  local title="$1" id started status
  shift
  id="$(date +%s%N)-$BASHPID"
  started=$SECONDS
  printf '%s\n' "$title" >"$lanes_dir/$id.title"
  status=0
  "$@" >"$lanes_dir/$id.log" 2>&1 </dev/null || status=$?
  printf '%s %s\n' "$status" "$((SECONDS - started))" >"$lanes_dir/$id.status"
  return "$status"
}

# Prints every step that has ended and was not printed yet; notes in $lanes_dir/failed if one failed.
print_ended_steps() {
  local status_file id title status seconds
  for status_file in "$lanes_dir"/*.status; do
    [ -e "$status_file" ] || continue
    id="${status_file%.status}"
    read -r status seconds <"$status_file"
    title="$(cat "$id.title")"
    if [ "$status" = 0 ]; then
      echo "== $title: passed in ${seconds}s"
    else
      echo "== $title: FAILED (exit $status) after ${seconds}s"
      echo "$title" >>"$lanes_dir/failed"
      echo "$id" >>"$lanes_dir/failed-ids"
    fi
    cat "$id.log"
    echo
    rm -f "$status_file"
  done
}

# run_lanes FUNCTION...: runs each lane function in the background and prints steps as they end.
run_lanes() {
  local lane pids=() started=$SECONDS
  for lane in "$@"; do
    (set +e; "$lane") &
    pids+=("$!")
  done
  echo "== running side by side: $*"
  while true; do
    local running=0 pid
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && running=1; done
    print_ended_steps
    [ "$running" = 1 ] || break
    sleep 2
  done
  for pid in "${pids[@]}"; do wait "$pid" || true; done
  print_ended_steps
  if [ -s "$lanes_dir/failed" ]; then
    # A CI log is often read from its end: repeat where each failed step stopped.
    local failed_id
    while read -r failed_id; do
      echo "== the end of \"$(cat "$failed_id.title")\":"
      tail -n 60 "$failed_id.log"
      echo
    done <"$lanes_dir/failed-ids"
    echo "== FAILED after $((SECONDS - started))s:"
    sed 's/^/   /' "$lanes_dir/failed"
    return 1
  fi
  echo "== every step passed in $((SECONDS - started))s"
}
