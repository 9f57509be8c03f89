# Shared by encoding_version.cmake and source_hash.cmake (run with cmake -P at build time).
# hash_files(VAR ROOT FILES): VAR is the first 16 hex digits of a SHA-256 of each file's path (as
# given, relative to ROOT) and content, so a file renamed or edited changes it.
function(hash_files var root files)
  set(digest "")
  foreach(file ${files})
    file(SHA256 "${root}/${file}" content_hash)
    string(APPEND digest "${file}:${content_hash}\n")
  endforeach()
  string(SHA256 combined "${digest}")
  string(SUBSTRING "${combined}" 0 16 short)
  set(${var} "${short}" PARENT_SCOPE)
endfunction()

# write_if_changed(PATH TEXT): writes TEXT to PATH unless it holds it already, so that an unchanged
# hash leaves the generated file's time alone and nothing is compiled again.
function(write_if_changed path text)
  set(old "")
  if(EXISTS "${path}")
    file(READ "${path}" old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE "${path}" "${text}")
  endif()
endfunction()
