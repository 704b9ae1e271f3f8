import SetBase
import SetTournament

/// The tournament's record in the records folder, `tournament-<time>-<format>.tournament`: a server
/// started again on the folder takes up the newest one that is not finished.
public enum TournamentRecordFile {
  /// The newest tournament record of `format` in `directory` that is not finished, replayed, with the
  /// last time it noted; nil for none.
  static func unfinished(in directory: String, format: String) -> (
    path: String, tournament: Tournament, warnings: [String], lastInstant: Instant
  )? {
    guard let path = HallRecordFile.newest(in: directory, prefix: "tournament-", suffix: "-\(format).tournament"),
      let text = try? RecordFile.contents(of: path)
    else { return nil }
    let replay = TournamentReplay(text, file: path)
    guard let tournament = replay.tournament, tournament.state != .finished else { return nil }
    var last = Instant.zero
    for line in text.split(separator: "\n") where line.hasPrefix("at=") {
      let number = line.dropFirst(3).prefix { $0 != " " }
      if let nanoseconds = Int64(number) { last = max(last, Instant(nanoseconds: nanoseconds)) }
    }
    return (path, tournament, replay.warnings, last)
  }

  /// Every tournament record in `directory`, oldest first, with its replay (nil for a file that is not
  /// a tournament's record); none when the folder cannot be read.
  public static func all(in directory: String) -> [(path: String, tournament: Tournament?)] {
    let paths = (try? RecordsFolder.files(in: directory, ending: ".tournament")) ?? []
    return paths.filter { $0.split(separator: "/").last?.hasPrefix("tournament-") == true }.map { path in
      (path, (try? RecordFile.contents(of: path)).flatMap { TournamentReplay($0, file: path).tournament })
    }
  }
}
