/* Encodes an 8-bit CMYK raw file as an Adobe JPEG with libjpeg, stored as CMYK or as YCCK,
 * baseline or progressive: what print workflows and some editors save.
 * Usage: cmyk_encode IN.cmyk WIDTH HEIGHT OUT.jpg cmyk|ycck baseline|progressive
 * IN.cmyk holds WIDTH*HEIGHT*4 bytes, inverted as Adobe writes them (255 = no ink). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: cmyk_encode IN.cmyk WIDTH HEIGHT OUT.jpg cmyk|ycck baseline|progressive\n");
        return 2;
    }
    int width = atoi(argv[2]), height = atoi(argv[3]);
    size_t size = (size_t)width * height * 4;
    unsigned char *pixels = malloc(size);
    FILE *in = fopen(argv[1], "rb");
    if (!pixels || !in || fread(pixels, 1, size, in) != size) {
        fprintf(stderr, "cmyk_encode: cannot read %s\n", argv[1]);
        return 1;
    }
    fclose(in);
    FILE *out = fopen(argv[4], "wb");
    if (!out) {
        fprintf(stderr, "cmyk_encode: cannot write %s\n", argv[4]);
        return 1;
    }
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr jerr;
    cinfo.err = jpeg_std_error(&jerr);
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, out);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    jpeg_set_colorspace(&cinfo, strcmp(argv[5], "ycck") == 0 ? JCS_YCCK : JCS_CMYK);
    jpeg_set_quality(&cinfo, 90, TRUE);
    if (strcmp(argv[6], "progressive") == 0) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = pixels + (size_t)cinfo.next_scanline * width * 4;
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    fclose(out);
    free(pixels);
    return 0;
}
