import Glibc

/// Reads a whole text file.
func readFile(_ path: String) throws -> String {
  guard let file = fopen(path, "r") else { throw FileError(path: path) }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes += buffer[0..<count]
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// The names in a folder.
func listFiles(_ path: String) throws -> [String] {
  guard let directory = opendir(path) else { throw FileError(path: path) }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if !name.hasPrefix(".") { names.append(name) }
  }
  return names
}

struct FileError: Error, CustomStringConvertible {
  var path: String
  var description: String { "cannot read \(path)" }
}
