import Foundation
import PackagePlugin

/// Records the commit a plain `swift build` builds from, for `setduel --version`: before each build it
/// writes `BuildCommit.swift`, naming `git rev-parse --short=12 HEAD` of the package's folder (with
/// `-dirty` when tracked files differ from it), or nil when the folder is not a git checkout or git is
/// not there (a source archive, the Debian package's build). The file is rewritten only when what it
/// says changes, so a build with nothing new compiles nothing again.
@main
struct CommitStamp: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "commit")
    let script = """
      mkdir -p "$2" || exit 0
      value=nil
      if commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null); then
        [ -z "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit-dirty"
        value="\\"$commit\\""
      fi
      text="/// The commit of the package's git checkout when it was built, or nil (CommitStamp writes this).
      enum BuildCommit { static let commit: String? = $value }"
      [ "$(cat "$2/BuildCommit.swift" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" >"$2/BuildCommit.swift"
      """
    return [
      .prebuildCommand(
        displayName: "Recording the commit for setduel --version", executable: URL(filePath: "/bin/sh"),
        arguments: ["-c", script, "commit-stamp", context.package.directoryURL.path, output.path],
        outputFilesDirectory: output)
    ]
  }
}
