import Glibc

/// Reads a whole text file.
package func readFile(_ path: String) throws -> String {
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

/// Writes a text file.
package func writeFile(_ path: String, _ text: String) throws {
  guard let file = fopen(path, "w") else { throw FileError(path: path) }
  defer { fclose(file) }
  let bytes = Array(text.utf8)
  guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw FileError(path: path) }
}

/// The names in a folder.
package func listFiles(_ path: String) throws -> [String] {
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

/// A file or folder a test could not read or make.
package struct FileError: Error, CustomStringConvertible {
  package var path: String
  package init(path: String) { self.path = path }
  package var description: String { "cannot read or make \(path)" }
}

/// A new empty folder under the system's temporary folder.
package func makeTemporaryFolder(_ name: String) throws -> String {
  var template = Array("/tmp/setduel-\(name)-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else { throw FileError(path: "/tmp/setduel-\(name)-XXXXXX") }
  return String(cString: made)
}

/// Removes a folder and everything in it.
package func removeFolder(_ path: String) {
  for name in (try? listFiles(path)) ?? [] where unlink("\(path)/\(name)") != 0 {
    removeFolder("\(path)/\(name)")
  }
  rmdir(path)
}
