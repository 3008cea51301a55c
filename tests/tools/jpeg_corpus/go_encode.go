// Encodes a PNG as a baseline JPEG with Go's own encoder (image/jpeg): 4:2:0 for colour, one
// component for a greyscale source. Usage: go run go_encode.go IN.png OUT.jpg QUALITY [grey]
package main

import (
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"os"
	"strconv"
)

func main() {
	in, err := os.Open(os.Args[1])
	check(err)
	src, err := png.Decode(in)
	check(err)
	quality, err := strconv.Atoi(os.Args[3])
	check(err)
	var img image.Image = src
	if len(os.Args) > 4 && os.Args[4] == "grey" {
		grey := image.NewGray(src.Bounds())
		draw.Draw(grey, grey.Bounds(), src, src.Bounds().Min, draw.Src)
		img = grey
	}
	out, err := os.Create(os.Args[2])
	check(err)
	check(jpeg.Encode(out, img, &jpeg.Options{Quality: quality}))
	check(out.Close())
}

func check(err error) {
	if err != nil {
		panic(err)
	}
}
