import SetCore

print("usage: setduel")
