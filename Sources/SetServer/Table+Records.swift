import SetCore
import SetHost
import SetTournament

// Where the hall's records come from when it starts: the history folded from the folder, the tables
// the last hall record left open, and a tournament taken up again from its record.
extension Table {
  /// Folds the records already in `directory` into the players' history, so ratings survive restarts,
  /// opens again the tables the newest hall record left open, and opens a new record for each table
  /// and one for the hall there. A record that cannot be read is skipped with a warning naming it; a
  /// missing folder holds none. Throws if a new record cannot be made.
  func openRecords(in directory: String) throws {
    if let folded = try? RecordsFolder.fold(directory) {
      for warning in folded.warnings { log(.warning, warning) }
      hall.replaceHistory(folded.history)
      log(.info, "\(folded.files) records read: \(folded.history.players.count) players, \(folded.history.games) games")
    }
    let reopened = HallRecordFile.openTables(in: directory)
    for warning in reopened.warnings { log(.warning, warning) }
    self.directory = directory
    hallRecord = try HallRecordFile.create(in: directory)
    let rules = hall.tableInfos[0]
    records[1] = try RecordFile(directory: directory, seed: rules.seed, rules: rules.rules)
    hallRecord?.write(HallRecordLine.open(rules).line)
    for var info in reopened.tables {
      info.seed = hall.nextSeed()  // the same table, dealt afresh
      perform(hall.open(info, at: now()).1)
      log(.info, "table \(info.id) (\(info.name)) opened again")
    }
  }

  /// The hall runs a tournament of `settings` (its start time counted from now), whose orders
  /// `organiser` may give; its record is made in the records folder, if one is open. If the folder
  /// holds an unfinished tournament of the same format, that one goes on from its record instead, its
  /// clock from the time the record last noted.
  func holdTournament(_ settings: TournamentSettings, startIn milliseconds: Int64, organiser: String?) throws {
    if let directory, let taken = TournamentRecordFile.unfinished(in: directory, format: settings.formatName) {
      for warning in taken.warnings { log(.warning, warning) }
      tournamentRecord = try RecordFile(continuing: taken.path)
      clockOffset = max(0, taken.lastInstant.nanoseconds - now().nanoseconds)
      log(.info, "the tournament in \(taken.path) goes on from its record")
      perform(hall.resume(taken.tournament, organiser: organiser, record: Self.fileName(taken.path), at: now()))
      return
    }
    var settings = settings
    settings.startAt = now().adding(milliseconds: milliseconds)
    if let directory {
      tournamentRecord = try RecordFile(
        directory: directory, kind: "tournament", tag: "-\(settings.formatName)", extension: "tournament",
        header: [TournamentRecord.header(settings)])
    }
    perform(
      hall.hold(
        Tournament(settings: settings), organiser: organiser, record: tournamentRecord.map { Self.fileName($0.path) },
        at: now()))
  }

  /// A path's last component: the file name in the records folder.
  static func fileName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }
}
