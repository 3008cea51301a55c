// Encodes a PNG as a JPEG with the JDK's own ImageIO writer, baseline or progressive, in colour
// or grey. Usage: java JavaEncode.java IN.png OUT.jpg QUALITY baseline|progressive [grey]
import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

public class JavaEncode {
    public static void main(String[] args) throws Exception {
        BufferedImage src = ImageIO.read(new File(args[0]));
        boolean grey = args.length > 4 && args[4].equals("grey");
        BufferedImage img = new BufferedImage(src.getWidth(), src.getHeight(),
                grey ? BufferedImage.TYPE_BYTE_GRAY : BufferedImage.TYPE_INT_RGB);
        img.getGraphics().drawImage(src, 0, 0, null);
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        param.setCompressionQuality(Integer.parseInt(args[2]) / 100f);
        if (args[3].equals("progressive")) {
            param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
        }
        new File(args[1]).delete();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(new File(args[1]))) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(img, null, null), param);
        }
        writer.dispose();
    }
}
