# Each resource breaks the schema in one way; check_schema.mjs must report each.
provider "aws" {
  regoin = "us-east-1"
}

resource "aws_instancee" "typo" {}

resource "aws_instance" "node" {
  ami           = "ami-0123456789abcdef0"
  instance_typo = "p4d.24xlarge"
  root_block_device = {
    volume_size = 200
  }
}

resource "aws_ebs_volume" "data" {
  size = 100
}

output "ip" {
  value = aws_instance.node.privat_ip
}
