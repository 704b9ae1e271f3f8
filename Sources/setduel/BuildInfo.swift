/// What the build knows about where it came from. Scripts/release.sh writes this file with the commit
/// it builds, and puts it back as it was when it is done; any other build leaves the commit unknown.
enum BuildInfo {
  /// The commit the program was built from (`-dirty` when the files differed from it), or nil.
  static let commit: String? = nil
}
