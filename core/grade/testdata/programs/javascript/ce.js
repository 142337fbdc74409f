const x = ;
console.log(x);
