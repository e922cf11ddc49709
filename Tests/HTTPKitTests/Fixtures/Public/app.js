console.log("pushboard");
