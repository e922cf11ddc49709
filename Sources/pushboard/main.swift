import Dashboard

print("pushboard")
